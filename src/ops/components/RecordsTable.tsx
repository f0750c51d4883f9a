/** A user's journal movements, newest first: on the user's page and beside a withdrawal. */
import type { OpsRecord } from '../../../protocol/ops.ts';
import { when } from '../format.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Table } from './Layout.tsx';

export function RecordsTable({ records }: { records: readonly OpsRecord[] }) {
  const { t, locale } = useI18n();
  return (
    <Table
      head={[t('common.time'), t('common.type'), t('common.amount'), t('common.memo')]}
      empty={records.length === 0}
    >
      {records.map((r, i) => (
        // A journal line has no id of its own here; the list is redrawn whole.
        // biome-ignore lint/suspicious/noArrayIndexKey: read-only list
        <tr key={i}>
          <td>{when(r.at, locale)}</td>
          <td>{r.type}</td>
          <td className="ops-num">
            {r.amount} {r.coin}
          </td>
          <td>{r.memo ?? ''}</td>
        </tr>
      ))}
    </Table>
  );
}
