/**
 * The IDO phase job (docs/spec/design.md section 7): coming soon -> ongoing (once the treasury is funded) ->
 * ended (allocation) -> issued (release). It runs in the server process every 10 seconds, so a
 * phase changes within seconds of its time, and an operator or a test can run it for a given
 * moment (`admin ido advance --at <iso>`). A PostgreSQL advisory lock lets one process run it at a
 * time; the offering's row lock and the phase it starts from make every change happen once.
 */
import type { Database } from '../../db/client.ts';
import { PeriodicJob, underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { advancePhases, type PhaseRun } from './ido.phases.ts';

/** The advisory lock key of the phase job ("IDO1"). */
export const IDO_LOCK_KEY = 0x49444f31;

export interface PhaseJobRun extends PhaseRun {
  /** False when another process held the lock: that process is moving the phases. */
  ran: boolean;
}

/** `rows`: subscriptions per transaction of the allocation and the release (chunk-rows.ts). */
export async function runPhases(database: Database, at: Date, rows?: number): Promise<PhaseJobRun> {
  const run = await underAdvisoryLock(database, IDO_LOCK_KEY, () => advancePhases(database.db, at, rows));
  return { ran: run.ran, ...(run.result ?? { changes: [], unfunded: [] }) };
}

export function idoPhaseJob(database: Database): PeriodicJob {
  return new PeriodicJob({
    name: 'ido phases',
    everyMs: 10_000,
    run: async (at) => {
      const { changes } = await runPhases(database, at);
      return changes.length > 0
        ? changes.map((c) => `offering ${c.id} -> ${c.phases.join(' -> ')}`).join('; ')
        : null;
    },
  });
}
