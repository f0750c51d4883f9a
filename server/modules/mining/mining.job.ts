/**
 * The daily settlement job (docs/spec/design.md section 7): pays each active holding's output for every
 * UTC day that has ended, once. It runs in the server process every minute, and an operator or a
 * test can run it through a given day (`admin mining settle --through <YYYY-MM-DD>`). A
 * PostgreSQL advisory lock lets one process run it at a time; the per-holding row lock, the day
 * counter and the journal key per holding and day make any run, repeated or concurrent, pay each
 * day exactly once.
 */
import { addDays, utcDay } from '../../../protocol/mining.ts';
import type { Database } from '../../db/client.ts';
import { PeriodicJob, underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { type SettlementRun, settleThrough } from './mining.settlement.ts';

/** The advisory lock key of the settlement job ("MIN1"). */
export const MINING_LOCK_KEY = 0x4d494e31;

export interface SettlementJobRun extends SettlementRun {
  /** False when another process held the lock: that process is paying. */
  ran: boolean;
}

export async function runSettlement(
  database: Database,
  through: string,
  onFailure?: (holdingId: number, error: unknown) => void,
): Promise<SettlementJobRun> {
  const run = await underAdvisoryLock(database, MINING_LOCK_KEY, () =>
    settleThrough(database.db, through, onFailure),
  );
  return { ran: run.ran, ...(run.result ?? { days: 0, failed: 0 }) };
}

/** The last UTC day that has ended at `at`: yesterday. */
export function lastEndedDay(at: Date): string {
  return addDays(utcDay(at.getTime()), -1);
}

export function miningSettlementJob(
  database: Database,
  log: { error(obj: unknown, msg: string): void },
  everyMs = 60_000,
) {
  return new PeriodicJob({
    name: 'mining settlement',
    everyMs,
    run: async (at) => {
      const run = await runSettlement(database, lastEndedDay(at), (id, err) =>
        log.error({ err }, `mining settlement: holding ${id} not paid`),
      );
      return run.days > 0 || run.failed > 0 ? `${run.days} holding-days paid, ${run.failed} failed` : null;
    },
  });
}
