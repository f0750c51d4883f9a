/** The console's withdrawals queue: filters, and one withdrawal with its user's recent history. */
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { DomainError } from '../../protocol/domain-error.ts';
import { dec, fmt } from '../../protocol/money.ts';
import type { OpsWithdrawal, OpsWithdrawalDetail } from '../../protocol/ops.ts';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { recentRecords } from './user-lookup.ts';

interface Row {
  id: number;
  user: string;
  coin: string;
  chain: string;
  amount: unknown;
  fee: unknown;
  address: string;
  status: string;
  txid: string | null;
  created_at: unknown;
  approved_by: string[] | string | null;
}

const select = sql`
  select w.id, w."user", w.coin, w.chain, w.amount, w.fee, w.address, w.status, w.txid, w.created_at,
    (select coalesce(json_agg(a.operator order by a.at), '[]'::json) from withdrawal_approvals a
      where a.withdrawal_id = w.id) as approved_by
  from withdrawals w`;

function toOps(r: Row): OpsWithdrawal {
  const approvedBy =
    typeof r.approved_by === 'string' ? (JSON.parse(r.approved_by) as string[]) : (r.approved_by ?? []);
  return {
    id: Number(r.id),
    user: getAddress(r.user),
    coin: r.coin,
    chain: r.chain,
    amount: fmt(dec(String(r.amount))),
    fee: fmt(dec(String(r.fee))),
    address: r.address,
    status: r.status,
    createdAt:
      r.created_at instanceof Date ? r.created_at.getTime() : new Date(String(r.created_at)).getTime(),
    approvedBy,
    txid: r.txid,
  };
}

export async function withdrawalQueue(
  db: DbOrTx,
  filter: { status?: string | undefined; coin?: string | undefined; user?: string | undefined },
): Promise<OpsWithdrawal[]> {
  const where = [sql`true`];
  if (filter.status) where.push(sql`w.status = ${filter.status}`);
  if (filter.coin) where.push(sql`w.coin = ${filter.coin}`);
  if (filter.user) where.push(sql`w."user" = ${filter.user.toLowerCase()}`);
  const rows = rowsOf<Row>(
    await db.execute(sql`${select} where ${sql.join(where, sql` and `)} order by w.id desc limit 200`),
  );
  return rows.map(toOps);
}

export async function withdrawalDetail(db: DbOrTx, id: number): Promise<OpsWithdrawalDetail> {
  const [row] = rowsOf<Row>(await db.execute(sql`${select} where w.id = ${id}`));
  if (!row) throw new DomainError('not_found');
  return { withdrawal: toOps(row), history: await recentRecords(db, row.user) };
}
