import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_TYPES, type RecordType } from '../../../protocol/ledger.ts';
import type { StatementRecord } from '../../../protocol/statements.ts';
import { NextStep } from '../../components/NextStep.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordList } from '../../components/RecordList.tsx';
import { When } from '../../components/When.tsx';
import { withThousands } from '../../lib/format.ts';
import { globalConfig } from '../config/index.ts';
import { getStatementRecords } from './api.ts';
import { StatementSheet } from './StatementSheet.tsx';

/** Financial details: every movement of the available balance, by type and coin, newest first. */
export function StatementsPage() {
  useSignals();
  const { t } = useTranslation();
  const [type, setType] = useState<RecordType | ''>('');
  const [coin, setCoin] = useState('');
  const [statement, setStatement] = useState(false);
  const coins = globalConfig.value?.coins.map((c) => c.symbol) ?? [];
  return (
    <>
      <PageHeader title={t('routes.finance')} />
      <div className="filters">
        <select
          aria-label={t('finance.type')}
          value={type}
          onChange={(e) => {
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
      <button
        type="button"
        className="button button-secondary statement-button"
        onClick={() => setStatement(true)}
      >
        {t('finance.statement')}
      </button>
      {statement ? <StatementSheet onClose={() => setStatement(false)} /> : null}
      {/* A new filter starts again from the first page. */}
      <RecordList<StatementRecord>
        emptyNext={<NextStep kind="deposit" />}
        key={`${type}/${coin}`}
        fetchPage={(page) => getStatementRecords({ page, type, coin })}
        row={(r) => (
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
        )}
      />
    </>
  );
}
