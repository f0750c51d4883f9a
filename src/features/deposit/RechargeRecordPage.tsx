import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '../../../protocol/deposit.ts';
import { currentUser } from '../../app/store.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordList } from '../../components/RecordList.tsx';
import { When } from '../../components/When.tsx';
import { shorten, withThousands } from '../../lib/format.ts';
import { ConnectButton } from '../account/ConnectButton.tsx';
import { getDepositRecords } from './api.ts';

function Records() {
  const { t } = useTranslation();
  return (
    <RecordList<DepositRecord>
      fetchPage={getDepositRecords}
      row={(d) => (
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
      )}
    />
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
