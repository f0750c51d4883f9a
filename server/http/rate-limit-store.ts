/**
 * A store for @fastify/rate-limit whose counters live in PostgreSQL, so that several server
 * processes behind one load balancer share each IP's and each wallet's budget (docs/deployment.md).
 * One statement per check: an upsert that starts a new fixed window when the old one is over and
 * otherwise adds one, returning the count and the window's start. The embedded PGlite is one
 * process: it keeps the plugin's in-memory store, which costs no round trip.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { PeriodicJob, underAdvisoryLock } from '../jobs/periodic-job.ts';
import { rateLimitCounters } from './rate-limit.schema.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How long a counter whose window is over stays before the sweep removes it. */
const SWEEP_AFTER_MS = 60 * 60 * 1000;

/** Adds one call to `key`'s window of `windowMs`; the count and the ms left in the window. */
export async function countCall(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const [row] = rowsOf<{ count: number; window_start_ms: string | number }>(
    await db.execute(sql`
      insert into rate_limit_counters (key, window_start_ms, count) values (${key}, ${now}, 1)
      on conflict (key) do update set
        count = case when rate_limit_counters.window_start_ms + ${windowMs} <= ${now}
                     then 1 else rate_limit_counters.count + 1 end,
        window_start_ms = case when rate_limit_counters.window_start_ms + ${windowMs} <= ${now}
                     then ${now} else rate_limit_counters.window_start_ms end
      returning count, window_start_ms`),
  );
  if (!row) throw new Error('rate limit counter not written');
  return { current: Number(row.count), ttl: Math.max(0, Number(row.window_start_ms) + windowMs - now) };
}

/** Removes counters whose window ended long ago (run by the server's hourly sweep). */
export async function sweepCounters(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStartMs, now - SWEEP_AFTER_MS));
}

class PostgresRateLimitStore implements FastifyRateLimitStore {
  readonly #db: Db;
  readonly #prefix: string;
  constructor(db: Db, prefix: string) {
    this.#db = db;
    this.#prefix = prefix;
  }
  incr(key: string, callback: Callback, timeWindow: number): void {
    countCall(this.#db, `${this.#prefix}${key}`, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }
  /** A route's own limit counts apart from the global one, as the in-memory store does. */
  child(route: { path?: string }): FastifyRateLimitStore {
    return new PostgresRateLimitStore(this.#db, route.path ? `${this.#prefix}${route.path}:` : this.#prefix);
  }
}

/** The store class @fastify/rate-limit instantiates (its `store` option), bound to `db`. */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class extends PostgresRateLimitStore {
    constructor() {
      super(db, '');
    }
  };
}

/** "RLS1": one process per deployment sweeps. */
export const RATE_LIMIT_SWEEP_LOCK_KEY = 0x524c5331;

/** Every quarter hour, counters whose window ended over an hour ago are removed. */
export function rateLimitSweepJob(database: Database): PeriodicJob {
  return new PeriodicJob({
    name: 'rate-limit sweep',
    everyMs: 15 * 60 * 1000,
    run: async () => {
      await underAdvisoryLock(database, RATE_LIMIT_SWEEP_LOCK_KEY, () => sweepCounters(database.db));
      return null;
    },
  });
}
