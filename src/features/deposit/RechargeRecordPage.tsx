import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { currentUser } from '../../app/store.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { When } from '../../components/When.tsx';
import { shorten, withThousands } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { ConnectButton } from '../account/ConnectButton.tsx';
import { getDepositRecords } from './api.ts';

function Records() {
  const { t } = useTranslation();
  const load = useLoad(() => getDepositRecords(1), []);
  return (
    <LoadState load={load} empty={(p) => p.list.length === 0}>
      {(p) => (
        <section className="card">
          <ul className="record-list">
            {p.list.map((d) => (
              <li key={d.id}>
                <div>
                  <span className="record-type">
                    {d.coin} · {d.chain}
                  </span>
                  <span className="muted small" dir="ltr">
                    {shorten(d.txid, 6, 6)} · <When at={d.detectedAt} />
                  </span>
                </div>
                <div className="record-end">
                  <span className="amount up" dir="ltr">
                    +{withThousands(d.amount)}
                  </span>
                  <span className={`status status-${d.status}`}>{t(`depositStatus.${d.status}`)}</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </LoadState>
  );
}

export function RechargeRecordPage() {
  useSignals();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.rechargeRecord')} />
      {currentUser() ? (
        <Records />
      ) : (
        <section className="card">
          <p className="muted">{t('deposit.connect')}</p>
          <ConnectButton />
        </section>
      )}
    </>
  );
}
