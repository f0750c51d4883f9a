/**
 * The audit from a checkpoint (docs/ledger.md, "The audit from a checkpoint"): the dashboard's
 * audit, once a minute while the console is open. The full audit reads every posting (15 s at 21
 * million postings on PostgreSQL, docs/scaling.md); this one reads the balances and only the
 * postings after the checkpoint the last clean run left, where each account's postings up to an
 * id are kept summed (`ledger_audit_sums`). It proves the same of every account (its balance is
 * the sum of its postings): a kept sum is the postings up to the checkpoint summed, and postings
 * are append-only; the full audit (`admin audit`) sums them again against the kept tables.
 *
 * A clean run moves the checkpoint to the journal's horizon (`journal-horizon.ts`): the postings
 * up to it are added to the kept sums in one statement, under a compare-and-set on the checkpoint
 * row, so two processes' dashboards never add the same postings twice.
 */
import { sql } from 'drizzle-orm';
import { dec, fmt } from '../../protocol/money.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { type AuditReport, auditCheckpointOf, balancesReport, booksOk } from './audit.ts';
import { journalHorizon } from './journal-horizon.ts';

export interface CheckpointedAudit extends AuditReport {
  /** The posting id the run summed from: 0 when there was no checkpoint yet (the whole journal). */
  from: number;
  /** The checkpoint it left: the horizon when it was clean and could move it, else `from`. */
  checkpoint: number;
}

/** `a` and `b` added per coin, as the wire writes decimals. */
function addTotals(a: Record<string, string>, b: Record<string, string>): Record<string, string> {
  const sum: Record<string, string> = {};
  for (const coin of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
    sum[coin] = fmt(dec(a[coin] ?? '0').plus(b[coin] ?? '0'));
  return sum;
}

/**
 * The postings after `after` up to `upTo`. Bounded on both sides: PGlite keeps no statistics and
 * guesses a third of the table for `id > x`, and scanned every posting for it; for a range it
 * guesses a sliver and walks the key.
 */
const postingsBetween = (after: number, upTo: number) => sql`postings where id > ${after} and id <= ${upTo}`;

async function coinSums(db: DbOrTx, after: number, upTo: number): Promise<Record<string, string>> {
  const rows = rowsOf<{ coin: string; total: string }>(
    await db.execute(
      sql`select coin, sum(amount)::text as total from ${postingsBetween(after, upTo)} group by coin`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.coin, r.total]));
}

/** The books as of one moment, from the checkpoint: what `auditLedger` answers, and where from. */
async function readFromCheckpoint(tx: DbOrTx): Promise<AuditReport & { from: number }> {
  const checkpoint = await auditCheckpointOf(tx);
  const from = checkpoint?.through ?? 0;
  const [last] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select coalesce(max(id), 0) as id from postings`),
  );
  const upTo = Number(last?.id ?? 0);
  const sums = addTotals(checkpoint?.coinTotals ?? {}, await coinSums(tx, from, upTo));
  const [mismatched] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from ledger_accounts a
      left join ledger_audit_sums s on s.account_id = a.id
      left join (
        select account_id, sum(amount) as delta from ${postingsBetween(from, upTo)} group by account_id
      ) p on p.account_id = a.id
      where a.balance <> coalesce(s.total, 0) + coalesce(p.delta, 0)`),
  );
  const report = { sums, mismatchedAccounts: Number(mismatched?.n ?? 0), ...(await balancesReport(tx)) };
  return { ok: booksOk(report), ...report, from };
}

/**
 * Moves the checkpoint from `from` to `to`: adds the postings in between to the kept sums. False
 * when another run moved it first (it then holds what this one would have added).
 */
async function moveCheckpoint(db: Db, from: number, to: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await auditCheckpointOf(tx, true);
    if ((current?.through ?? 0) !== from) return false;
    const coinTotals = addTotals(current?.coinTotals ?? {}, await coinSums(tx, from, to));
    if (current) {
      await tx.execute(sql`
        update ledger_audit_checkpoint
        set through = ${to}, coin_totals = ${JSON.stringify(coinTotals)}::jsonb, checked_at = now()`);
    } else {
      const inserted = rowsOf(
        await tx.execute(sql`
          insert into ledger_audit_checkpoint (through, coin_totals)
          values (${to}, ${JSON.stringify(coinTotals)}::jsonb)
          on conflict do nothing returning one`),
      );
      if (inserted.length === 0) return false;
    }
    const between = sql`select account_id, sum(amount) from ${postingsBetween(from, to)} group by account_id`;
    if (from === 0) {
      // The first checkpoint: nothing kept yet (whatever is there belongs to no checkpoint). A
      // plain insert: the conflict clause cost a third more a row on PGlite.
      await tx.execute(sql`delete from ledger_audit_sums`);
      await tx.execute(sql`insert into ledger_audit_sums (account_id, total) ${between}`);
    } else {
      await tx.execute(sql`
        insert into ledger_audit_sums (account_id, total) ${between}
        on conflict (account_id) do update set total = ledger_audit_sums.total + excluded.total`);
    }
    return true;
  });
}

/** The audit from the checkpoint, moving it on when the books are right. */
export async function auditFromCheckpoint(db: Db): Promise<CheckpointedAudit> {
  // First: every posting up to the horizon is then committed and seen by the read that follows.
  const horizon = await journalHorizon(db);
  const read = await db.transaction(readFromCheckpoint, { isolationLevel: 'repeatable read' });
  const moved =
    read.ok && horizon !== null && horizon > read.from && (await moveCheckpoint(db, read.from, horizon));
  return { ...read, checkpoint: moved ? (horizon as number) : read.from };
}
