/**
 * Recomputes the books from the journal (docs/spec/design.md section 5): per coin the sum of all postings
 * (must be "0"), the accounts whose cached balance disagrees with their postings, and the user or
 * pool balances below zero. The journal is the truth; balances are a cache of it.
 *
 * This is the full audit (`admin audit`): every posting, every time. It also sums the postings up
 * to the audit checkpoint again, which the dashboard's audit from that checkpoint trusts
 * (`audit-checkpoint.ts`, docs/ledger.md "The audit from a checkpoint").
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

/** The full audit's look at the audit checkpoint: what it keeps against the postings summed again. */
export interface CheckpointCheck {
  /** The posting id the checkpoint covers. */
  through: number;
  /** Accounts whose kept sum differs from their postings up to `through`. */
  mismatchedAccounts: number;
  /** Coins whose kept total differs (kept, summed again). */
  mismatchedCoins: Record<string, { kept: string; summed: string }>;
}

export interface FullAuditReport extends AuditReport {
  /** Null when no audit from a checkpoint has left one yet. */
  auditCheckpoint: CheckpointCheck | null;
}

/** The audit checkpoint (`ledger_audit_checkpoint`): postings up to `through` sum to `coinTotals`. */
export interface AuditCheckpoint {
  through: number;
  coinTotals: Record<string, string>;
}

/** The audit checkpoint, or null before the first; `lock` takes its row for the caller's transaction. */
export async function auditCheckpointOf(db: DbOrTx, lock = false): Promise<AuditCheckpoint | null> {
  const [row] = rowsOf<{ through: string | number; coin_totals: Record<string, string> }>(
    await db.execute(
      lock
        ? sql`select through, coin_totals from ledger_audit_checkpoint for update`
        : sql`select through, coin_totals from ledger_audit_checkpoint`,
    ),
  );
  return row ? { through: Number(row.through), coinTotals: row.coin_totals } : null;
}

/** The part of the report that reads balances, not the journal: the same for either audit. */
export async function balancesReport(
  db: DbOrTx,
): Promise<Pick<AuditReport, 'negativeBalances' | 'entries' | 'accounts' | 'system'>> {
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
  return {
    negativeBalances: Number(negative[0]?.n ?? 0),
    entries: Number(counts[0]?.entries ?? 0),
    accounts: Number(counts[0]?.accounts ?? 0),
    system,
  };
}

/** Whether a report's books are right: every coin sums to zero, no mismatch, nothing negative. */
export const booksOk = (report: Omit<AuditReport, 'ok'>): boolean =>
  Object.values(report.sums).every((s) => s === '0') &&
  report.mismatchedAccounts === 0 &&
  report.negativeBalances === 0;

export async function auditLedger(db: DbOrTx): Promise<FullAuditReport> {
  const kept = await auditCheckpointOf(db);
  // Postings up to the checkpoint are summed in the same passes as all of them (`filter`).
  const through = kept?.through ?? 0;
  const sums = rowsOf<{ coin: string; total: string; kept: string | null }>(
    await db.execute(sql`
      select coin, sum(amount)::text as total, sum(amount) filter (where id <= ${through})::text as kept
      from postings group by coin order by coin`),
  );
  const [mismatched] = rowsOf<{ n: number; checkpoint: number }>(
    await db.execute(sql`
      select count(*) filter (where a.balance <> coalesce(p.total, 0))::int as n,
        count(*) filter (where coalesce(p.kept, 0) <> coalesce(s.total, 0))::int as checkpoint
      from ledger_accounts a
      left join (
        select account_id, sum(amount) as total, sum(amount) filter (where id <= ${through}) as kept
        from postings group by account_id
      ) p on p.account_id = a.id
      left join ledger_audit_sums s on s.account_id = a.id`),
  );
  const report = {
    sums: Object.fromEntries(sums.map((s) => [s.coin, fmt(dec(s.total))])),
    mismatchedAccounts: Number(mismatched?.n ?? 0),
    ...(await balancesReport(db)),
  };
  let auditCheckpoint: CheckpointCheck | null = null;
  if (kept) {
    const summed = new Map(sums.map((s) => [s.coin, fmt(dec(s.kept ?? '0'))]));
    const mismatchedCoins: CheckpointCheck['mismatchedCoins'] = {};
    for (const coin of new Set([...summed.keys(), ...Object.keys(kept.coinTotals)])) {
      const keptTotal = fmt(dec(kept.coinTotals[coin] ?? '0'));
      const again = summed.get(coin) ?? '0';
      if (keptTotal !== again) mismatchedCoins[coin] = { kept: keptTotal, summed: again };
    }
    auditCheckpoint = { through, mismatchedAccounts: Number(mismatched?.checkpoint ?? 0), mismatchedCoins };
  }
  const checkpointOk =
    !auditCheckpoint ||
    (auditCheckpoint.mismatchedAccounts === 0 && Object.keys(auditCheckpoint.mismatchedCoins).length === 0);
  return { ok: booksOk(report) && checkpointOk, ...report, auditCheckpoint };
}
