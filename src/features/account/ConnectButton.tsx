import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { signIn } from './session.ts';
import { walletStep } from './wallet-step.ts';

/** Connect and sign in; shows the step in flight and cannot be pressed twice. */
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
  return (
    <button
      type="button"
      className="button button-primary connect-button"
      disabled={step !== 'idle'}
      aria-busy={step !== 'idle'}
      onClick={() => void signIn(new URLSearchParams(search).get('code'))}
    >
      {label}
    </button>
  );
}
