import { envInteger } from '../server/config.ts';
import { type RoundSettings, readRoundSettings } from './round-settings.ts';

export const LEVELS = [1, 8, 32] as const;
export const COIN = 'USDT';
/** Each user's deposit; a transfer moves TRANSFER_AMOUNT, so no balance can run out. */
export const DEPOSIT_AMOUNT = '1000000';
export const TRANSFER_AMOUNT = '1';
/** Concurrent deposits while the users are funded (the openDatabase pool holds 10). */
export const FUNDING_WORKERS = 10;
export const CONNECT_TIMEOUT_MS = 5_000;

/** Its rounds are paired on PostgreSQL: per level, the ledger and pgbench back to back. */
export interface Settings extends RoundSettings {
  users: number;
  adminUrl: string;
  pgbench: string;
}

export function readSettings(): Settings {
  return {
    ...readRoundSettings({ seconds: 5, warmupSeconds: 1 }),
    users: envInteger(process.env, 'BENCH_USERS', 1000, 2, 1_000_000),
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    pgbench: process.env.PGBENCH || 'pgbench',
  };
}

export const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** host:port of a URL, never its password. */
export const hostOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
};

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
