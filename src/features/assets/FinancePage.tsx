import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceRecord } from '../../../protocol/assets.ts';
import { RECORD_TYPES, type RecordType } from '../../../protocol/ledger.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { useLoad } from '../../lib/use-load.ts';
import { globalConfig } from '../config/config-model.ts';
import { getFinanceRecords } from './api.ts';

/** Financial details: every movement of the available balance, by type and coin, newest first. */
export function FinancePage() {
  useSignals();
  const { t } = useTranslation();
  const [type, setType] = useState<RecordType | ''>('');
  const [coin, setCoin] = useState('');
  const [pages, setPages] = useState(1);
  const load = useLoad(async () => {
    const all: FinanceRecord[] = [];
    let total = 0;
    for (let page = 1; page <= pages; page += 1) {
      const result = await getFinanceRecords({ page, type, coin });
      all.push(...result.list);
      total = result.total;
    }
    return { list: all, total };
  }, [type, coin, pages]);
  const coins = globalConfig.value?.coins.map((c) => c.symbol) ?? [];
  return (
    <>
      <PageHeader title={t('routes.finance')} />
      <div className="filters">
        <select
          aria-label={t('finance.type')}
          value={type}
          onChange={(e) => {
            setPages(1);
            setType(e.target.value as RecordType | '');
          }}
        >
          <option value="">{t('finance.allTypes')}</option>
          {RECORD_TYPES.map((r) => (
            <option key={r} value={r}>
              {t(`records.${r}`)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('assets.coin')}
          value={coin}
          onChange={(e) => {
            setPages(1);
            setCoin(e.target.value);
          }}
        >
          <option value="">{t('finance.allCoins')}</option>
          {coins.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <LoadState load={load} empty={(d) => d.list.length === 0}>
        {(data) => (
          <section className="card">
            <ul className="record-list">
              {data.list.map((r) => (
                <li key={r.id}>
                  <div>
                    <span className="record-type">
                      {t(`records.${r.type}`)}
                      {r.demo ? <span className="badge demo-badge">{t('finance.demo')}</span> : null}
                    </span>
                    <span className="muted small">
                      <When at={r.createdAt} />
                    </span>
                  </div>
                  <span className={r.amount.startsWith('-') ? 'amount down' : 'amount up'} dir="ltr">
                    {r.amount.startsWith('-') ? '' : '+'}
                    {withThousands(r.amount)} {r.coin}
                  </span>
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
