/**
 * The journal's horizon: the highest posting id below which every posting is committed. A sum of
 * the postings up to it is final (postings are append-only, migration 0041), so a job can keep it
 * and sum only the later ones next time: the solvency snapshot's check (docs/solvency.md, "The
 * journal's check") and the dashboard's audit (docs/ledger.md, "The audit from a checkpoint").
 *
 * Ids are drawn from a sequence when a posting is inserted, and a transaction that drew id 100
 * may commit after one that drew 101: a sum that saw 101 but not 100 and kept "everything up to
 * 101" would never count 100. So the horizon is read under a SHARE lock on `postings`, which waits
 * for every transaction that has inserted postings to end and lets no new one insert until it is
 * released (at once, after one `max(id)`): every posting up to that id is then committed, and
 * every later one gets a higher id. The wait is bounded (`HORIZON_WAIT`); a reader that does not
 * get the lock in time keeps no new sum, and the next one sums from the older one.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlStateOf } from '../db/retry.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * How long a reader waits for the journal's writers to finish before it reads the horizon. Every
 * new ledger write queues behind the waiting lock meanwhile, so it is short: a miss only means the
 * next reader sums a little more.
 */
export const HORIZON_WAIT = '200ms';

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
