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

/** What the console's dashboard shows of each job this process runs (protocol/ops.ts JobHealth). */
export interface JobRecord {
  job: string;
  lastRun: number | null;
  lastOutcome: string | null;
  running: boolean;
}

const records = new Map<string, JobRecord>();

/** The jobs started in this process, with their last run. */
export function jobRecords(): JobRecord[] {
  return [...records.values()].map((r) => ({ ...r }));
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
    const record: JobRecord = { job: name, lastRun: null, lastOutcome: null, running: false };
    records.set(name, record);
    const tick = () => {
      if (this.#running) return;
      record.running = true;
      this.#running = run(new Date(now()))
        .then((line) => {
          if (line) log.info(`${name}: ${line}`);
          record.lastOutcome = line ?? 'nothing to do';
        })
        .catch((error: unknown) => {
          log.error({ err: error }, `${name} failed`);
          record.lastOutcome = `failed: ${error instanceof Error ? error.message.split('\n')[0] : 'error'}`;
        })
        .finally(() => {
          this.#running = null;
          record.running = false;
          record.lastRun = now();
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
