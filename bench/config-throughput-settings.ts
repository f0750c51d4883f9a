import path from 'node:path';
import { envInteger } from '../server/config.ts';

export const SERVERS_SCRIPT = path.join(import.meta.dirname, 'servers.ts');
export const HOST = '127.0.0.1';
export const START_TIMEOUT_MS = 60_000;
export const STOP_TIMEOUT_MS = 5_000;

export interface Settings {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
}

export function readSettings(): Settings {
  return {
    seconds: envInteger(process.env, 'BENCH_SECONDS', 4, 1, 3600),
    rounds: envInteger(process.env, 'BENCH_ROUNDS', 3, 1, 100),
    warmupSeconds: envInteger(process.env, 'BENCH_WARMUP_SECONDS', 2, 0, 600),
    connections: envInteger(process.env, 'BENCH_CONNECTIONS', 20, 1, 10_000),
  };
}
