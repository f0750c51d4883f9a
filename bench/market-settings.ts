import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envInteger } from '../server/config.ts';

export const SERVER_SCRIPT = path.join(import.meta.dirname, 'market-server.ts');
export const HOST = '127.0.0.1';
export const SYMBOL = 'BTCUSDT';
export const LIMIT = 500;
export const START_TIMEOUT_MS = 180_000;
export const STOP_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** The warm-up goes on for at least this long (unless BENCH_WARMUP_REQUESTS is 0), for the JIT. */
export const WARMUP_MIN_MS = 500;
/** A time-capped target still gets at least this many measured requests. */
export const MIN_REQUESTS = 20;
/** Stream clients connect this many at a time, each batch fully connected before the next. */
export const CONNECT_BATCH = 100;
export const CONNECT_TIMEOUT_MS = 30_000;
export const TICK_TIMEOUT_MS = 10_000;
/** Unmeasured ticks at the start of each stream level. */
export const WARMUP_TICKS = 2;
/** Pause after a tick reached every client, before the next one is published. */
export const TICK_GAP_MS = 200;
export const UNSUBSCRIBE_TIMEOUT_MS = 10_000;
/** File descriptors beyond the stream sockets: the keep-alive socket, IPC, stdio, libuv. */
export const SPARE_FDS = 64;

export interface Settings {
  requests: number;
  intervalSeconds: number;
  warmupRequests: number;
  concurrency: number;
  ticks: number;
  clients: number[];
  minuteDays: number;
  dailyDays: number;
}

function readClients(raw: string | undefined): number[] {
  const text = raw === undefined || raw === '' ? '100,1000' : raw;
  const levels = text.split(',').map((part) => Number(part.trim()));
  if (levels.some((n) => !Number.isInteger(n) || n < 1 || n > 20_000)) {
    throw new Error(`BENCH_CLIENTS must list client counts from 1 to 20000, got "${text}"`);
  }
  // One client is the anchor: always measured, first.
  return [1, ...new Set(levels.filter((n) => n > 1))];
}

export function readSettings(): Settings {
  const env = process.env;
  return {
    requests: envInteger(env, 'BENCH_REQUESTS', 200, 1, 100_000),
    intervalSeconds: envInteger(env, 'BENCH_INTERVAL_SECONDS', 4, 0, 3600),
    warmupRequests: envInteger(env, 'BENCH_WARMUP_REQUESTS', 5, 0, 1000),
    concurrency: envInteger(env, 'BENCH_CONCURRENCY', 1, 1, 16),
    ticks: envInteger(env, 'BENCH_TICKS', 20, 1, 1000),
    clients: readClients(env.BENCH_CLIENTS),
    minuteDays: envInteger(env, 'BENCH_MINUTE_DAYS', 6, 1, 90),
    dailyDays: envInteger(env, 'BENCH_DAILY_DAYS', 3650, 1, 30 * 365),
  };
}

/** Same clock as the child's: wall-clock ms with sub-millisecond resolution. */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// File descriptors

/** The soft limit on open files, from /proc/self/limits (Linux); null where it cannot be read. */
export function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.POSITIVE_INFINITY;
    const n = Number(soft);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}
