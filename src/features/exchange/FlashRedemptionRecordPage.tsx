import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeRecord } from '../../../protocol/exchange.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { getExchangeRecords } from './api.ts';

/** Flash exchange records: what was sent, what was received, at which price, newest first. */
export function FlashRedemptionRecordPage() {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const load = useLoad(async () => {
    const list: ExchangeRecord[] = [];
    let total = 0;
    for (let page = 1; page <= pages; page += 1) {
      const result = await getExchangeRecords(page);
      list.push(...result.list);
      total = result.total;
    }
    return { list, total };
  }, [pages]);
  return (
    <>
      <PageHeader title={t('routes.flashRedemptionRecord')} />
      <LoadState load={load} empty={(d) => d.list.length === 0}>
        {(data) => (
          <section className="card">
            <ul className="record-list exchange-records">
              {data.list.map((r) => (
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
              ))}
            </ul>
            {data.list.length < data.total ? (
              <button
                type="button"
                className="button button-secondary block"
                onClick={() => setPages((p) => p + 1)}
              >
                {t('finance.loadMore')}
              </button>
            ) : null}
          </section>
        )}
      </LoadState>
    </>
  );
}
