import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/LoadState.tsx';
import { QrCopy } from '../../components/QrCopy.tsx';
import { RouteLink } from '../../components/RouteLink.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { globalConfig } from '../config/index.ts';
import { SignedInPage } from '../signed-in/index.ts';
import { getDepositAddresses } from './api.ts';
import { WalletDepositForm } from './WalletDepositForm.tsx';

function Addresses({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const load = useLoad(getDepositAddresses, []);
  const chainName = new Map(globalConfig.value?.chains.map((c) => [c.id, c.name]) ?? []);
  return (
    <LoadState load={load} empty={(list) => list.length === 0}>
      {(list) => (
        <>
          {list.some((a) => a.address && a.demo) ? (
            <section className="card warning-notice" role="alert">
              <h2>{t('deposit.demoKeysTitle')}</h2>
              <p>{t('deposit.demoKeysText')}</p>
            </section>
          ) : null}
          {list.map((a) => (
            <section key={a.chain} className="card deposit-card">
              <h2>{chainName.get(a.chain) ?? a.chain}</h2>
              {a.address ? (
                <>
                  <p className="muted small">
                    {t('deposit.sendOnly', { coins: a.coins.join(', '), chain: a.chain })}
                  </p>
                  <QrCopy
                    value={a.address}
                    qrLabel={t('deposit.qrLabel', { chain: a.chain })}
                    copyLabel={t('deposit.copy')}
                    className="deposit-address"
                  />
                  {a.wallet && a.wallet.coins.length > 0 ? (
                    <WalletDepositForm owner={owner} depositAddress={a.address} wallet={a.wallet} />
                  ) : null}
                </>
              ) : (
                <p className="muted">{t('deposit.notConfigured')}</p>
              )}
            </section>
          ))}
          <RouteLink to="rechargeRecord" className="button button-secondary block" />
        </>
      )}
    </LoadState>
  );
}

/** Multi-chain deposit address: one personal address per network, with its QR code. */
export function DepositPage() {
  const { t } = useTranslation();
  return (
    <SignedInPage
      title={t('routes.recharge')}
      prompt={{ text: t('deposit.connect'), children: <p>{t('deposit.explain')}</p> }}
    >
      {(user) => <Addresses owner={user.address} />}
    </SignedInPage>
  );
}
