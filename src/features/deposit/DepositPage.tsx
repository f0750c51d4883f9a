import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { currentUser } from '../../app/store.ts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { paths } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ConnectButton } from '../account/index.ts';
import { globalConfig } from '../config/index.ts';
import { getDepositAddresses } from './api.ts';
import { WalletDepositForm } from './WalletDepositForm.tsx';

const QrCode = lazy(() => import('../../components/QrCode.tsx'));

function Addresses({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const load = useLoad(getDepositAddresses, []);
  const chainName = new Map(globalConfig.value?.chains.map((c) => [c.id, c.name]) ?? []);
  return (
    <LoadState load={load} empty={(list) => list.length === 0}>
      {(list) => (
        <>
          {list.map((a) => (
            <section key={a.chain} className="card deposit-card">
              <h2>{chainName.get(a.chain) ?? a.chain}</h2>
              {a.address ? (
                <>
                  <p className="muted small">
                    {t('deposit.sendOnly', { coins: a.coins.join(', '), chain: a.chain })}
                  </p>
                  <Suspense fallback={<div className="qr qr-placeholder" />}>
                    <QrCode value={a.address} label={t('deposit.qrLabel', { chain: a.chain })} />
                  </Suspense>
                  <div className="address-row">
                    <code dir="ltr" className="mono deposit-address">
                      {a.address}
                    </code>
                    <CopyButton text={a.address} label={t('deposit.copy')} />
                  </div>
                  {a.wallet && a.wallet.coins.length > 0 ? (
                    <WalletDepositForm owner={owner} depositAddress={a.address} wallet={a.wallet} />
                  ) : null}
                </>
              ) : (
                <p className="muted">{t('deposit.notConfigured')}</p>
              )}
            </section>
          ))}
          <Link href={paths.rechargeRecord.path} className="button button-secondary block">
            {t('routes.rechargeRecord')}
          </Link>
        </>
      )}
    </LoadState>
  );
}

/** Multi-chain deposit address: one personal address per network, with its QR code. */
export function DepositPage() {
  useSignals();
  const { t } = useTranslation();
  const user = currentUser();
  return (
    <>
      <PageHeader title={t('routes.recharge')} />
      {user ? (
        <Addresses owner={user.address} />
      ) : (
        <section className="card">
          <p>{t('deposit.explain')}</p>
          <p className="muted">{t('deposit.connect')}</p>
          <ConnectButton />
        </section>
      )}
    </>
  );
}
