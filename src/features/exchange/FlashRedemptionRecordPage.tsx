import { useTranslation } from 'react-i18next';
import type { ExchangeRecord } from '../../../protocol/exchange.ts';
import { NextStep } from '../../components/NextStep.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordList } from '../../components/RecordList.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { getExchangeRecords } from './api.ts';

/** Flash exchange records: what was sent, what was received, at which price, newest first. */
export function FlashRedemptionRecordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.flashRedemptionRecord')} />
      <RecordList<ExchangeRecord>
        emptyNext={<NextStep kind="exchange" />}
        className="record-list exchange-records"
        fetchPage={getExchangeRecords}
        row={(r) => (
          <li key={r.id}>
            <div>
              <span className="record-type" dir="ltr">
                {r.from} → {r.to}
              </span>
              <span className="muted small" dir="ltr">
                1 {r.baseCoin} ≈ {withThousands(r.price)} {r.quoteCoin}
              </span>
              <span className="muted small">
                <When at={r.createdAt} />
              </span>
            </div>
            <div className="record-end">
              <span className="amount down" dir="ltr">
                -{withThousands(r.amount)} {r.from}
              </span>
              <span className="amount up" dir="ltr">
                +{withThousands(r.receive)} {r.to}
              </span>
              <span className="muted small">
                {t('exchange.feeShort')}{' '}
                <span dir="ltr">
                  {withThousands(r.fee)} {r.to}
                </span>
              </span>
            </div>
          </li>
        )}
      />
    </>
  );
}
