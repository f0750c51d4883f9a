/**
 * What support sees of one user (docs/operations.md): found by address or referral code, read
 * only. Plain SQL over the modules' tables, as the admin CLI's lists read them: the console
 * changes nothing here, and every lookup is audited by the caller.
 */
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { DomainError } from '../../protocol/domain-error.ts';
import { dec, fmt } from '../../protocol/money.ts';
import type { OpsRecord, OpsUser } from '../../protocol/ops.ts';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

const ms = (value: unknown) => (value instanceof Date ? value.getTime() : new Date(String(value)).getTime());
const amount = (value: unknown) => fmt(dec(String(value)));

/** The user's latest journal movements, newest first. */
export async function recentRecords(db: DbOrTx, address: string, limit = 20): Promise<OpsRecord[]> {
  const rows = rowsOf<{ at: unknown; type: string; coin: string; amount: unknown; memo: string | null }>(
    await db.execute(sql`
      select e.created_at as at, e.type, p.coin, p.amount, e.memo
      from ledger_accounts a
      join postings p on p.account_id = a.id
      join journal_entries e on e.id = p.entry_id
      where a.owner = ${address} and a.bucket = 'available'
      order by p.id desc limit ${limit}`),
  );
  return rows.map((r) => ({
    at: ms(r.at),
    type: r.type,
    coin: r.coin,
    amount: amount(r.amount),
    memo: r.memo,
  }));
}

export async function lookUpUser(db: DbOrTx, query: string): Promise<OpsUser> {
  const q = query.trim();
  const byAddress = /^0x[0-9a-fA-F]{40}$/.test(q);
  const [user] = rowsOf<{
    address: string;
    invite_code: string;
    inviter: string | null;
    created_at: unknown;
  }>(
    await db.execute(
      byAddress
        ? sql`select address, invite_code, inviter, created_at from users where address = ${q.toLowerCase()}`
        : sql`select address, invite_code, inviter, created_at from users where invite_code = ${q.toUpperCase()}`,
    ),
  );
  if (!user) throw new DomainError('ops_user_not_found');
  const address = user.address;
  const balances = rowsOf<{ coin: string; bucket: string; balance: unknown }>(
    await db.execute(
      sql`select coin, bucket, balance from ledger_accounts where owner = ${address} order by coin, bucket`,
    ),
  );
  const byCoin = new Map<string, { coin: string; available: string; frozen: string }>();
  for (const b of balances) {
    const row = byCoin.get(b.coin) ?? { coin: b.coin, available: '0', frozen: '0' };
    if (b.bucket === 'available') row.available = amount(b.balance);
    else row.frozen = fmt(dec(row.frozen).plus(dec(String(b.balance))));
    byCoin.set(b.coin, row);
  }
  const orders = rowsOf<{
    id: number;
    symbol: string;
    side: string;
    status: string;
    lots: unknown;
    created_at: unknown;
  }>(
    await db.execute(sql`
      select id, symbol, side, status, lots, created_at from orders
      where "user" = ${address} order by id desc limit 20`),
  );
  const invitees = rowsOf<{ address: string; created_at: unknown }>(
    await db.execute(
      sql`select address, created_at from users where inviter = ${address} order by created_at desc limit 50`,
    ),
  );
  const sessions = rowsOf<{ created_at: unknown; expires_at: unknown; revoked_at: unknown }>(
    await db.execute(sql`
      select created_at, expires_at, revoked_at from sessions
      where address = ${address} order by created_at desc limit 10`),
  );
  return {
    address: getAddress(address),
    inviteCode: user.invite_code,
    inviter: user.inviter ? getAddress(user.inviter) : null,
    createdAt: ms(user.created_at),
    balances: [...byCoin.values()],
    records: await recentRecords(db, address),
    orders: orders.map((o) => ({
      id: Number(o.id),
      instrument: o.symbol,
      side: o.side,
      status: o.status,
      lots: amount(o.lots),
      openedAt: ms(o.created_at),
    })),
    invitees: invitees.map((i) => ({ address: getAddress(i.address), createdAt: ms(i.created_at) })),
    sessions: sessions.map((s) => ({
      createdAt: ms(s.created_at),
      expiresAt: Number(s.expires_at),
      revoked: s.revoked_at !== null,
    })),
  };
}
