/**
 * The daily liabilities snapshot (docs/solvency.md): tried with the other minute jobs, it takes the
 * day's snapshot once, under an advisory lock so that one process of a deployment does it, and the
 * unique day makes a repeated or concurrent run take nothing more. A run killed while storing left
 * the day's snapshot incomplete (unpublished): the next run deletes it and takes the day's again.
 */
import type { Database } from '../../db/client.ts';
import { PeriodicJob } from '../../jobs/periodic-job.ts';
import { type ReserveReader, takeSnapshot } from './solvency.service.ts';

/** The day's snapshot, or null when it was taken already (or another process is taking one). */
export async function runDailySnapshot(database: Database, at: Date, readReserve?: ReserveReader) {
  const day = at.toISOString().slice(0, 10);
  // takeSnapshot holds the advisory lock (SOLVENCY_LOCK_KEY) for the whole run, chunks included.
  return takeSnapshot(database, { at, day, ...(readReserve ? { readReserve } : {}) });
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
