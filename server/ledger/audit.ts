/**
 * Recomputes the books from the journal (docs/spec/design.md section 5): per coin the sum of all postings
 * (must be "0"), the accounts whose cached balance disagrees with their postings, and the user or
 * pool balances below zero. The journal is the truth; balances are a cache of it.
 */
import { sql } from 'drizzle-orm';
import { dec, fmt } from '../../protocol/money.ts';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export interface AuditReport {
  ok: boolean;
  /** Sum of all postings per coin. */
  sums: Record<string, string>;
  mismatchedAccounts: number;
  negativeBalances: number;
  entries: number;
  accounts: number;
  /**
   * What the system accounts hold, per account and coin: pools, reserves and the clearing
   * accounts, the house's rounding dust (`house_dust`, e.g. IDO payments rounded up) among them.
   */
  system: Record<string, Record<string, string>>;
}

export async function auditLedger(db: DbOrTx): Promise<AuditReport> {
  const sums = rowsOf<{ coin: string; total: string }>(
    await db.execute(sql`select coin, sum(amount)::text as total from postings group by coin order by coin`),
  );
  const mismatched = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from ledger_accounts a
      left join (select account_id, sum(amount) as total from postings group by account_id) p on p.account_id = a.id
      where a.balance <> coalesce(p.total, 0)`),
  );
  const negative = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from ledger_accounts where kind <> 'clearing' and balance < 0`,
    ),
  );
  const counts = rowsOf<{ entries: number; accounts: number }>(
    await db.execute(
      sql`select (select count(*)::int from journal_entries) as entries, (select count(*)::int from ledger_accounts) as accounts`,
    ),
  );
  const systemRows = rowsOf<{ bucket: string; coin: string; balance: string }>(
    await db.execute(
      sql`select bucket, coin, balance::text as balance from ledger_accounts where owner = 'system' and balance <> 0 order by bucket, coin`,
    ),
  );
  const system: Record<string, Record<string, string>> = {};
  for (const r of systemRows) {
    const bucket = system[r.bucket] ?? {};
    bucket[r.coin] = fmt(dec(r.balance));
    system[r.bucket] = bucket;
  }
  const sumByCoin = Object.fromEntries(sums.map((s) => [s.coin, fmt(dec(s.total))]));
  const report = {
    sums: sumByCoin,
    mismatchedAccounts: Number(mismatched[0]?.n ?? 0),
    negativeBalances: Number(negative[0]?.n ?? 0),
    entries: Number(counts[0]?.entries ?? 0),
    accounts: Number(counts[0]?.accounts ?? 0),
    system,
  };
  const ok =
    Object.values(report.sums).every((s) => s === '0') &&
    report.mismatchedAccounts === 0 &&
    report.negativeBalances === 0;
  return { ok, ...report };
}
