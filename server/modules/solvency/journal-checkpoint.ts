/**
 * The journal's checkpoint for the snapshot's check (docs/solvency.md, "The journal's check"):
 * what the postings up to an id owe users, per coin, kept with the snapshot that summed them, so
 * that the next snapshot sums only the postings after it. Summing the whole journal each time made
 * the check grow with the journal's history (600,000 postings were 0.9 s of a 100,000-user
 * snapshot on PGlite; a platform's journal holds tens of millions), not with its users.
 *
 * A sum up to an id is only final once no posting with a lower id can still appear: the snapshot
 * reads the journal's horizon first (`server/ledger/journal-horizon.ts`, under a lock with a
 * bounded wait); one that does not get it in time takes no new checkpoint, and the next one sums
 * from the older checkpoint. Postings are append-only (migration 0041), so a sum, once final,
 * stays right.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { fromUnits, toUnits } from '../../../protocol/solvency-units.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { solvencySnapshots } from './solvency.schema.ts';

/** Postings up to `through` owe users `totals` (units of 10^-18 per coin). */
export interface JournalCheckpoint {
  through: number;
  totals: Map<string, bigint>;
}

export const NO_CHECKPOINT: JournalCheckpoint = { through: 0, totals: new Map() };

/** The checkpoint the latest complete snapshot left, or none. */
export async function latestCheckpoint(db: DbOrTx): Promise<JournalCheckpoint> {
  const [row] = await db
    .select({ through: solvencySnapshots.journalThrough, totals: solvencySnapshots.journalTotals })
    .from(solvencySnapshots)
    .where(and(eq(solvencySnapshots.complete, true), isNotNull(solvencySnapshots.journalThrough)))
    .orderBy(desc(solvencySnapshots.journalThrough))
    .limit(1);
  if (!row || row.through === null || !row.totals) return NO_CHECKPOINT;
  return {
    through: row.through,
    totals: new Map(Object.entries(row.totals).map(([coin, total]) => [coin, toUnits(total)])),
  };
}

/** A checkpoint as the snapshot's row keeps it. */
export function checkpointColumns(checkpoint: JournalCheckpoint): {
  journalThrough: number;
  journalTotals: Record<string, string>;
} {
  return {
    journalThrough: checkpoint.through,
    journalTotals: Object.fromEntries(
      [...checkpoint.totals].map(([coin, units]) => [coin, fromUnits(units)]),
    ),
  };
}

/** `admin audit`'s look at the latest checkpoint: its totals against the postings summed again. */
export interface CheckpointAudit {
  ok: boolean;
  /** The posting id it covers; null when no snapshot has left one. */
  through: number | null;
  /** Coins whose kept total differs from the postings' (kept, summed again). */
  mismatches: Record<string, { kept: string; summed: string }>;
}

/**
 * Sums the postings up to the latest checkpoint again and compares them with what it kept: the
 * snapshots trust it instead of the journal before it, so the audit that recomputes the books
 * from the journal recomputes it too.
 */
export async function auditCheckpoint(db: DbOrTx): Promise<CheckpointAudit> {
  const checkpoint = await latestCheckpoint(db);
  if (checkpoint.through === 0) return { ok: true, through: null, mismatches: {} };
  const rows = rowsOf<{ coin: string; total: string }>(
    await db.execute(sql`
      select a.coin, sum(p.amount)::text as total from postings p
      join ledger_accounts a on a.id = p.account_id
      where a.kind = 'user' and p.id <= ${checkpoint.through} group by a.coin`),
  );
  const summed = new Map(rows.map((r) => [r.coin, toUnits(r.total)]));
  const mismatches: CheckpointAudit['mismatches'] = {};
  for (const coin of new Set([...summed.keys(), ...checkpoint.totals.keys()])) {
    const kept = checkpoint.totals.get(coin) ?? 0n;
    const again = summed.get(coin) ?? 0n;
    if (kept !== again) mismatches[coin] = { kept: fromUnits(kept), summed: fromUnits(again) };
  }
  return { ok: Object.keys(mismatches).length === 0, through: checkpoint.through, mismatches };
}
