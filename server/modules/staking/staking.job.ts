/**
 * The maturity job (DESIGN.md section 7): pays stakes whose term has ended. It runs in the server
 * process on a timer, and an operator or a test can run it for a given moment
 * (`admin staking mature --at <iso>`). A PostgreSQL advisory lock lets one process run it at a
 * time; the per-stake row lock and journal keys make any run, repeated or concurrent, pay each
 * stake exactly once.
 */
import type { Database } from '../../db/client.ts';
import { matureDueStakes } from './staking.service.ts';

/** The advisory lock key of the maturity job ("STK1"). */
export const STAKING_LOCK_KEY = 0x53544b31;

export interface MaturityRun {
  /** False when another process held the lock: that process is paying. */
  ran: boolean;
  paid: number;
}

export async function runMaturity(database: Database, at: Date): Promise<MaturityRun> {
  const lock = await database.tryAdvisoryLock(STAKING_LOCK_KEY);
  if (!lock.acquired) return { ran: false, paid: 0 };
  try {
    return { ran: true, paid: await matureDueStakes(database.db, at) };
  } finally {
    await lock.release();
  }
}

interface JobLog {
  info(msg: string): void;
  error(obj: unknown, msg: string): void;
}

/** Runs the maturity job at start and then every `everyMs` (a minute by default). */
export class StakingMaturityJob {
  readonly #database: Database;
  readonly #now: () => number;
  readonly #everyMs: number;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(options: { database: Database; now?: () => number; everyMs?: number }) {
    this.#database = options.database;
    this.#now = options.now ?? Date.now;
    this.#everyMs = options.everyMs ?? 60_000;
  }

  start(log: JobLog): void {
    const tick = () => {
      if (this.#running) return;
      this.#running = runMaturity(this.#database, new Date(this.#now()))
        .then((run) => {
          if (run.paid > 0) log.info(`staking maturity: ${run.paid} stakes paid`);
        })
        .catch((error: unknown) => log.error({ err: error }, 'staking maturity failed'))
        .finally(() => {
          this.#running = null;
        });
    };
    tick();
    this.#timer = setInterval(tick, this.#everyMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
