import path from 'node:path';
import { envInteger } from '../server/config.ts';
import { type RoundSettings, readRoundSettings } from './round-settings.ts';

export const SERVERS_SCRIPT = path.join(import.meta.dirname, 'servers.ts');
export const HOST = '127.0.0.1';
export const START_TIMEOUT_MS = 60_000;
export const STOP_TIMEOUT_MS = 5_000;

export interface Settings extends RoundSettings {
  connections: number;
}

export function readSettings(): Settings {
  return {
    ...readRoundSettings({ seconds: 4, warmupSeconds: 2 }),
    connections: envInteger(process.env, 'BENCH_CONNECTIONS', 20, 1, 10_000),
  };
}
