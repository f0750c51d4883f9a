import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader.tsx';

/**
 * In place of what needs a signed-in wallet: why (after what `children` explain first), then the
 * connect button; a card of its own, or a part of the form it stands in.
 */
export function ConnectPrompt({
  text,
  button,
  card = true,
  className,
  children,
}: {
  text: string;
  /** The connect button (the account feature's). */
  button: ReactNode;
  card?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const body = (
    <>
      {children}
      <p className="muted">{text}</p>
      {button}
    </>
  );
  if (!card) return <div className={className}>{body}</div>;
  return <section className={className ? `card ${className}` : 'card'}>{body}</section>;
}

/**
 * A screen for a signed-in wallet: its title bar, then what it shows the user, or `prompt` while
 * no one is signed in. `user` reads the signed-in user from the store (a signal: the screen
 * follows it).
 */
export function WalletPage<U>({
  title,
  user: current,
  prompt,
  children,
}: {
  title: string;
  user(): U | null;
  prompt: ReactNode;
  children(user: U): ReactNode;
}) {
  useSignals();
  const user = current();
  return (
    <>
      <PageHeader title={title} />
      {user ? children(user) : prompt}
    </>
  );
}
