/**
 * The daily liabilities snapshot (docs/solvency.md): tried with the other minute jobs, it takes the
 * day's snapshot once, under an advisory lock so that one process of a deployment does it, and the
 * unique day makes a repeated or concurrent run take nothing more.
 */
import type { Database } from '../../db/client.ts';
import { PeriodicJob, underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { type ReserveReader, takeSnapshot } from './solvency.service.ts';

/** The advisory lock key of the snapshot job ("SOL1"). */
export const SOLVENCY_LOCK_KEY = 0x534f4c31;

export async function runDailySnapshot(database: Database, at: Date, readReserve?: ReserveReader) {
  const day = at.toISOString().slice(0, 10);
  const run = await underAdvisoryLock(database, SOLVENCY_LOCK_KEY, () =>
    takeSnapshot(database.db, { at, day, ...(readReserve ? { readReserve } : {}) }),
  );
  return run.result ?? null;
}

export function solvencySnapshotJob(
  database: Database,
  readReserve: ReserveReader,
  everyMs = 60_000,
): PeriodicJob {
  return new PeriodicJob({
    name: 'solvency snapshot',
    everyMs,
    run: async (at) => {
      const snapshot = await runDailySnapshot(database, at, readReserve);
      return snapshot
        ? `snapshot ${snapshot.id} of ${snapshot.userCount} users, root ${snapshot.rootHash}`
        : null;
    },
  });
}
