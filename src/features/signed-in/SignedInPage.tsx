import type { ComponentProps, ReactNode } from 'react';
import { currentUser, type StoredUser } from '../../app/store.ts';
import { ConnectPrompt, WalletPage } from '../../components/ConnectPrompt.tsx';
import { ConnectButton } from '../account/index.ts';

type PromptProps = Omit<ComponentProps<typeof ConnectPrompt>, 'button'>;

/** In place of what needs a signed-in wallet: why, then this feature's connect button. */
export function ConnectFirst(props: PromptProps) {
  return <ConnectPrompt {...props} button={<ConnectButton />} />;
}

/** A screen for the signed-in user: its title bar, then `children`, or `prompt` to connect first. */
export function SignedInPage({
  title,
  prompt,
  children,
}: {
  title: string;
  prompt: PromptProps;
  children(user: StoredUser): ReactNode;
}) {
  return (
    <WalletPage title={title} user={currentUser} prompt={<ConnectFirst {...prompt} />}>
      {children}
    </WalletPage>
  );
}
