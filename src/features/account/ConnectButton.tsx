import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { signIn } from './session.ts';
import { noWallet, walletStep } from './wallet-step.ts';

const NoWalletSheet = lazy(() => import('./NoWalletSheet.tsx'));

/**
 * Connect and sign in; shows the step in flight and cannot be pressed twice. When no wallet
 * answered, it offers the wallet apps (NoWalletSheet.tsx, loaded then).
 */
export function ConnectButton() {
  useSignals();
  const { t } = useTranslation();
  const search = useSearch();
  const step = walletStep.value;
  const label =
    step === 'connecting'
      ? t('wallet.connecting')
      : step === 'logging_in'
        ? t('wallet.loggingIn')
        : t('wallet.connect');
  const device = noWallet.value;
  return (
    <>
      <button
        type="button"
        className="button button-primary connect-button"
        disabled={step !== 'idle'}
        aria-busy={step !== 'idle'}
        onClick={() => void signIn(new URLSearchParams(search).get('code'))}
      >
        {label}
      </button>
      {device ? (
        <Suspense fallback={null}>
          <NoWalletSheet device={device} onClose={() => (noWallet.value = null)} />
        </Suspense>
      ) : null}
    </>
  );
}
