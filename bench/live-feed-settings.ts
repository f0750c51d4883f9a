/** bench/live-feed.ts's settings (environment variables, bench/README.md "live") and shared names. */
import path from 'node:path';
import { envInteger } from '../server/config.ts';

export const LIVE_SERVER_SCRIPT = path.join(import.meta.dirname, 'live-feed-server.ts');

/** The exchange symbol (and the platform's) of the bench's instrument `i`; instrument 0 is the probe. */
export function liveSymbol(i: number): string {
  return `L${String(i).padStart(3, '0')}USDT`;
}

export interface LiveSettings {
  instruments: number;
  /** Book tickers a second per instrument. */
  rate: number;
  clients: number;
  /** Measured seconds of each phase, after WARMUP_SECONDS. */
  seconds: number;
}

export const WARMUP_SECONDS = 2;
/** After the last message, how long arrivals are waited for. */
export const DRAIN_MS = 2_000;
export const START_TIMEOUT_MS = 120_000;
/** The goal of issue #38: upstream message to the last of the clients, p99. */
export const GOAL_P99_MS = 50;

export function readLiveSettings(env: NodeJS.ProcessEnv = process.env): LiveSettings {
  return {
    instruments: envInteger(env, 'BENCH_LIVE_INSTRUMENTS', 200, 2, 1000),
    rate: envInteger(env, 'BENCH_LIVE_RATE', 10, 1, 100),
    clients: envInteger(env, 'BENCH_LIVE_CLIENTS', 1000, 1, 5000),
    seconds: envInteger(env, 'BENCH_LIVE_SECONDS', 20, 1, 600),
  };
}
