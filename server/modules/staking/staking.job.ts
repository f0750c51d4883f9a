/**
 * The maturity job (docs/spec/design.md section 7): pays stakes whose term has ended. It runs in the server
 * process on a timer, and an operator or a test can run it for a given moment
 * (`admin staking mature --at <iso>`). A PostgreSQL advisory lock lets one process run it at a
 * time; the per-stake row lock and journal keys make any run, repeated or concurrent, pay each
 * stake exactly once.
 */
import type { Database } from '../../db/client.ts';
import { PeriodicJob, underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { matureDueStakes } from './staking.service.ts';

/** The advisory lock key of the maturity job ("STK1"). */
export const STAKING_LOCK_KEY = 0x53544b31;

export interface MaturityRun {
  /** False when another process held the lock: that process is paying. */
  ran: boolean;
  paid: number;
}

export async function runMaturity(database: Database, at: Date): Promise<MaturityRun> {
  const run = await underAdvisoryLock(database, STAKING_LOCK_KEY, () => matureDueStakes(database.db, at));
  return { ran: run.ran, paid: run.result ?? 0 };
}

/** Runs the maturity job at start and then every `everyMs` (a minute unless configured). */
export function stakingMaturityJob(database: Database, everyMs = 60_000): PeriodicJob {
  return new PeriodicJob({
    name: 'staking maturity',
    everyMs,
    run: async (at) => {
      const { paid } = await runMaturity(database, at);
      return paid > 0 ? `${paid} stakes paid` : null;
    },
  });
}
