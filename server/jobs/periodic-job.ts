/**
 * Scheduled work in the server process (docs/spec/design.md section 7): a job runs at start and then on a
 * timer, never overlapping itself, and takes a PostgreSQL advisory lock per run so that several
 * server processes never run the same job at once. The work itself is idempotent per object and
 * day; the lock only spares the duplicate effort.
 */
import type { Database } from '../db/client.ts';

export interface LockedRun<T> {
  /** False when another process held the lock: that process is doing the work. */
  ran: boolean;
  result: T | null;
}

/** Runs `work` under the advisory lock `key`, or not at all when another process holds it. */
export async function underAdvisoryLock<T>(
  database: Database,
  key: number,
  work: () => Promise<T>,
): Promise<LockedRun<T>> {
  const lock = await database.tryAdvisoryLock(key);
  if (!lock.acquired) return { ran: false, result: null };
  try {
    return { ran: true, result: await work() };
  } finally {
    await lock.release();
  }
}

interface JobLog {
  info(msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface PeriodicJobOptions {
  name: string;
  /** One run for the moment given; resolves to a line worth logging, or null when nothing happened. */
  run(at: Date): Promise<string | null>;
  now?: () => number;
  everyMs?: number;
}

export class PeriodicJob {
  readonly #options: Required<PeriodicJobOptions>;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(options: PeriodicJobOptions) {
    this.#options = { now: Date.now, everyMs: 60_000, ...options };
  }

  start(log: JobLog): void {
    const { name, run, now, everyMs } = this.#options;
    const tick = () => {
      if (this.#running) return;
      this.#running = run(new Date(now()))
        .then((line) => {
          if (line) log.info(`${name}: ${line}`);
        })
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(() => {
          this.#running = null;
        });
    };
    tick();
    this.#timer = setInterval(tick, everyMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
