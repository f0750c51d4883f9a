/**
 * Withdrawals: a filtered list (protocol/ops.ts `withdrawals`); a row opens its details and, for a
 * reviewer, the steps its status allows (WithdrawalDetail.tsx).
 */
import { type FormEvent, useState } from 'react';
import type { OperatorInfo } from '../../../protocol/ops.ts';
import type { Fields } from '../api.ts';
import { RefreshButton, Section, Table } from '../components/Layout.tsx';
import { useOpsLoad } from '../components/use-ops-load.ts';
import { shortAddress, when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { WithdrawalDetail } from './WithdrawalDetail.tsx';
import { WITHDRAWAL_STATUS_LIST } from './withdrawal-steps.ts';

export function WithdrawalsTab({ me }: { me: OperatorInfo }) {
  const { t, locale } = useI18n();
  const [draft, setDraft] = useState<Fields>({ status: 'submitted', coin: '', user: '' });
  const [filters, setFilters] = useState<Fields>(draft);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useOpsLoad('withdrawals', filters);

  function search(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...draft, coin: draft.coin?.trim().toUpperCase(), user: draft.user?.trim() });
  }

  if (openId !== null) {
    return <WithdrawalDetail id={openId} me={me} onBack={() => setOpenId(null)} onChanged={list.reload} />;
  }
  return (
    <Section
      title={t('tab.withdrawals')}
      actions={<RefreshButton busy={list.busy} onClick={list.reload} />}
      name="withdrawals"
    >
      <form className="ops-filters" onSubmit={search}>
        <label>
          {t('common.status')}
          <select
            name="status"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">{t('common.all')}</option>
            {WITHDRAWAL_STATUS_LIST.map((status) => (
              <option key={status} value={status}>
                {t(`wstatus.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('common.coin')}
          <input
            name="coin"
            value={draft.coin}
            placeholder="USDT"
            onChange={(event) => setDraft({ ...draft, coin: event.target.value })}
          />
        </label>
        <label>
          {t('common.user')}
          <input
            name="user"
            value={draft.user}
            placeholder="0x…"
            pattern="0x[0-9a-fA-F]{40}"
            onChange={(event) => setDraft({ ...draft, user: event.target.value })}
          />
        </label>
        <button type="submit" className="ops-button ops-primary">
          {t('common.search')}
        </button>
      </form>
      <Table
        head={['#', t('common.time'), t('common.user'), t('common.amount'), t('common.status')]}
        empty={(list.data ?? []).length === 0}
      >
        {(list.data ?? []).map((w) => (
          <tr key={w.id} data-withdrawal={w.id} className="ops-clickable" onClick={() => setOpenId(w.id)}>
            <td>
              <button type="button" className="ops-link" onClick={() => setOpenId(w.id)}>
                #{w.id}
              </button>
            </td>
            <td>{when(w.createdAt, locale)}</td>
            <td title={w.user}>{shortAddress(w.user)}</td>
            <td className="ops-num">
              {w.amount} {w.coin} <small>{w.chain}</small>
            </td>
            <td>
              <StatusBadge status={w.status} />
            </td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}
