/**
 * The journal's checkpoint for the snapshot's check (docs/solvency.md, "The journal's check"):
 * what the postings up to an id owe users, per coin, kept with the snapshot that summed them, so
 * that the next snapshot sums only the postings after it. Summing the whole journal each time made
 * the check grow with the journal's history (600,000 postings were 0.9 s of a 100,000-user
 * snapshot on PGlite; a platform's journal holds tens of millions), not with its users.
 *
 * A sum up to an id is only final once no posting with a lower id can still appear. Ids are drawn
 * from a sequence when a posting is inserted, and a transaction that drew id 100 may commit after
 * one that drew 101: a snapshot that saw 101 but not 100 and kept "everything up to 101" would
 * never count 100. So the horizon is read under a SHARE lock on `postings`, which waits for every
 * transaction that has inserted postings to end and lets no new one insert until it is released
 * (at once, after one `max(id)`): every posting up to that id is then committed, and every later
 * one gets a higher id. The wait is bounded (`HORIZON_WAIT`); a snapshot that does not get the
 * lock in time takes no new checkpoint, and the next one sums from the older checkpoint. Postings
 * are append-only (migration 0041), so a sum, once final, stays right.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { fromUnits, toUnits } from '../../../protocol/solvency-units.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sqlStateOf } from '../../db/retry.ts';
import { rowsOf } from '../../db/rows.ts';
import { solvencySnapshots } from './solvency.schema.ts';

/**
 * How long the snapshot waits for the journal's writers to finish before it reads a horizon. Every
 * new ledger write queues behind the waiting lock meanwhile, so it is short: a miss only means the
 * next snapshot sums a day more.
 */
export const HORIZON_WAIT = '200ms';

/** Postings up to `through` owe users `totals` (units of 10^-18 per coin). */
export interface JournalCheckpoint {
  through: number;
  totals: Map<string, bigint>;
}

export const NO_CHECKPOINT: JournalCheckpoint = { through: 0, totals: new Map() };

/**
 * The highest posting id below which every posting is committed, or null when the journal's
 * writers did not all finish within `HORIZON_WAIT`.
 */
export async function journalHorizon(db: Db): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${HORIZON_WAIT}, true)`);
      await tx.execute(sql`lock table postings in share mode`);
      const [row] = rowsOf<{ last: string | number }>(
        await tx.execute(sql`select coalesce(max(id), 0) as last from postings`),
      );
      return Number(row?.last ?? 0);
    });
  } catch (error) {
    // 55P03, lock_not_available: a writer held the journal longer than the wait.
    if (sqlStateOf(error) === '55P03') return null;
    throw error;
  }
}

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
