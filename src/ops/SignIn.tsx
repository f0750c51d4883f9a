/** The console's first screen: sign in with the operator's wallet, or see why not. */
import { useState } from 'react';
import type { OperatorInfo } from '../../protocol/ops.ts';
import { useReport } from './components/Problems.tsx';
import { useI18n } from './i18n/i18n.tsx';
import { injectedWallet, signInWithWallet, WalletStop } from './wallet.ts';

export function SignIn({ ended, onSignedIn }: { ended: boolean; onSignedIn(info: OperatorInfo): void }) {
  const { t } = useI18n();
  const { report } = useReport();
  const [busy, setBusy] = useState(false);
  const [stop, setStop] = useState<string | null>(null);

  async function start() {
    setStop(null);
    const wallet = injectedWallet();
    if (!wallet) {
      setStop(t('signin.noWallet'));
      return;
    }
    setBusy(true);
    try {
      onSignedIn(await signInWithWallet(wallet));
    } catch (error) {
      if (error instanceof WalletStop) {
        setStop(
          error.reason === 'refused'
            ? t('signin.refused')
            : error.reason === 'no-account'
              ? t('signin.noAccount')
              : t('signin.badAnswer'),
        );
      } else report(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="ops-signin">
      <h1>{t('signin.title')}</h1>
      {ended && <p className="ops-note">{t('signin.ended')}</p>}
      <p>{t('signin.explain')}</p>
      <button
        type="button"
        className="ops-button ops-primary ops-signin-button"
        disabled={busy}
        onClick={start}
      >
        {busy ? t('signin.working') : t('signin.button')}
      </button>
      {stop && (
        <p className="ops-error" role="alert">
          {stop}
        </p>
      )}
    </main>
  );
}
