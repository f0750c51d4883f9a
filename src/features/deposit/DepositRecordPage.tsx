import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { DepositRecord } from '../../../protocol/deposit.ts';
import { NextStep } from '../../components/NextStep.tsx';
import { RecordList } from '../../components/RecordList.tsx';
import { When } from '../../components/When.tsx';
import { shorten, withThousands } from '../../lib/format.ts';
import { SignedInPage } from '../signed-in/index.ts';
import { getDepositRecords } from './api.ts';

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

function statusLabel(d: DepositRecord, t: ReturnType<typeof useTranslation>['t']): string {
  if (d.status === 'confirming' && d.required !== null)
    return t('depositStatus.confirmingOf', {
      done: Math.min(d.confirmations, d.required),
      required: d.required,
    });
  return t(`depositStatus.${d.status}`);
}

/**
 * Deposit records. Opened with `?tx=<hash>` after a deposit sent from the wallet: until the chain
 * watcher has seen that transaction the page says it is on its way and keeps asking; records still
 * confirming are asked for again every few seconds until credited.
 */
function Records({ sent }: { sent: string | null }) {
  const { t } = useTranslation();
  const [arrived, setArrived] = useState(sent === null);
  const onRecords = useCallback(
    (list: DepositRecord[]) => {
      if (sent && list.some((d) => d.txid.toLowerCase() === sent)) setArrived(true);
    },
    [sent],
  );
  return (
    <>
      {arrived ? null : (
        <section className="card pending-deposit" role="status">
          <p>{t('deposit.waitingForNetwork')}</p>
          <p className="muted small mono" dir="ltr">
            {shorten(sent ?? '', 10, 8)}
          </p>
        </section>
      )}
      <RecordList<DepositRecord>
        emptyNext={<NextStep kind="deposit" />}
        fetchPage={getDepositRecords}
        onRecords={onRecords}
        refreshWhile={(list) => !arrived || list.some((d) => d.status !== 'credited')}
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
              <span className={`status status-${d.status}`}>{statusLabel(d, t)}</span>
            </div>
          </li>
        )}
      />
    </>
  );
}

export function DepositRecordPage() {
  const { t } = useTranslation();
  const tx = new URLSearchParams(useSearch()).get('tx');
  const sent = tx && TX_HASH.test(tx) ? tx.toLowerCase() : null;
  return (
    <SignedInPage title={t('routes.rechargeRecord')} prompt={{ text: t('deposit.connect') }}>
      {() => <Records key={sent ?? ''} sent={sent} />}
    </SignedInPage>
  );
}
