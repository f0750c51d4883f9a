/**
 * Real server processes for fault and scale-out tests: `node server/main.ts` started on a port of
 * its own, over PGlite in a temporary DATA_DIR or over a fresh PostgreSQL database that several
 * processes share; a form client that keeps its session cookie; the admin CLI as the operator runs it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { LocalAccount } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import type { ApiCode } from '../../protocol/codes.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import { type Answer, dataOf } from './app.ts';
import { signedWithdrawal } from './signed-withdrawal.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const run = promisify(execFile);

export interface ServerTarget {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** Environment every test server gets: any free port, quiet, a short candle history, no client. */
export const TEST_SERVER_ENV = {
  PORT: '0',
  LOG_LEVEL: 'warn',
  // A short candle history keeps the database free for the commands under test.
  MARKET_BACKFILL_MINUTE_DAYS: '0',
  MARKET_BACKFILL_DAILY_DAYS: '2',
  MARKET_BACKFILL_CANDLES: '0',
  CLIENT_DIR: path.join(ROOT, 'no-client'),
  // The demo's public test deposit keys on PostgreSQL: a test deployment says so outright.
  ALLOW_DEMO_KEYS: 'true',
};

/**
 * A fresh PostgreSQL database, or a copy of `template` (a database no one is connected to): a set-up
 * made once and copied for several tests costs one server start and seed instead of one each.
 */
export async function postgresTarget(template?: string): Promise<ServerTarget> {
  const name = `meridian_proc_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-proc-'));
  return {
    name: 'postgres',
    env: {
      ...TEST_SERVER_ENV,
      DATA_DIR: dir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`,
      DEMO_SEED: 'true',
    },
    async cleanup() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function pgliteTarget(): ServerTarget {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-proc-'));
  return {
    name: 'pglite',
    env: { ...TEST_SERVER_ENV, DATA_DIR: dir, DATABASE_URL: '' },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** Starts `node server/main.ts` and resolves once it says where it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    out += String(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const match = /open (http:\/\/\S+?)\/?\n/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, url, output: () => out };
}

/** Resolves with the exit code once `child` has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A typed call over HTTP: the answer's data is the code's contract type (protocol/contract.ts). */
export type FormCall = <C extends ApiCode>(code: C, fields?: Record<string, string>) => Promise<Answer<C>>;

/** A product client on `url` that keeps the session cookie it is given (or the one it receives). */
export function formClient(url: string, session: { cookie: string } = { cookie: '' }): FormCall {
  return async (code, fields = {}) => {
    const response = await fetch(`${url}/adc/html/eto/${code}.do`, {
      method: 'POST',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: session.cookie,
      },
      body: new URLSearchParams(fields),
    });
    const set = response.headers.get('set-cookie');
    if (set?.startsWith('sid=')) session.cookie = set.split(';')[0] ?? '';
    return (await response.json()) as Answer<typeof code>;
  };
}

const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

export interface WithdrawalStream {
  /** Ids of the withdrawals the server answered 00000 to. */
  accepted: number[];
  /** Calls sent so far. */
  attempts(): number;
  /** Stops sending and resolves once every loop has ended. */
  stop(): Promise<void>;
}

/**
 * `loops` clients withdrawing 10 USDT (TRC20) each on `call`, signed by `account`, one call after another, until
 * stopped or until the server goes away (a refused or cut connection ends a loop).
 */
export function withdrawUntilGone(call: FormCall, account: LocalAccount, loops = 1): WithdrawalStream {
  const accepted: number[] = [];
  let attempts = 0;
  let stopped = false;
  const running = Array.from({ length: loops }, async () => {
    while (!stopped) {
      attempts += 1;
      try {
        const r = await signedWithdrawal(call, account, {
          coin: 'USDT',
          chain: 'TRC20',
          address: TRON_TO,
          amount: '10',
        });
        if (r.respCode === '00000' && r.data) accepted.push(r.data.id);
      } catch {
        return; // the server has closed its port or died
      }
    }
  });
  return {
    accepted,
    attempts: () => attempts,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** The operator's CLI against the target's database, as `npm run admin` runs it. */
export async function adminCli(env: Record<string, string>, ...argv: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['server/admin/cli.ts', ...asFirstSetup(argv), '--json'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  return stdout;
}

/** A login message `call`'s process issues to `account` (10001), and the wallet's signature of it. */
export async function signedChallenge(call: FormCall, account: PrivateKeyAccount) {
  const { message } = dataOf(await call('10001', { address: account.address, chainId: '1' }));
  return { message, signature: await account.signMessage({ message }) };
}

/** Signs `call`'s session in with the wallet of `privateKey` (10001, the wallet's signature, 10002). */
export async function signInOver(call: FormCall, privateKey: `0x${string}`): Promise<string> {
  const account = privateKeyToAccount(privateKey);
  const { message, signature } = await signedChallenge(call, account);
  const login = await call('10002', { message, signature, requestId: randomUUID() });
  if (login.respCode !== '00000') throw new Error(`login refused: ${login.respCode}`);
  return account.address;
}

/**
 * Whether `pid` is still a running process. A zombie (exited, not yet reaped by whoever adopted
 * it) holds no memory, sockets or locks, so it counts as gone.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc: signal 0 answered, so it lives
  }
}

/** Resolves true once `pid` is gone, false if it still runs after `ms` (for a process not our child). */
export async function processGoneWithin(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (processAlive(pid)) {
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * What PostgreSQL still holds for the target's database: open connections (other than the one
 * asking) and advisory locks, the job locks a process keeps while it lives.
 */
export async function postgresHolds(
  target: ServerTarget,
): Promise<{ connections: number; advisoryLocks: number }> {
  const name = new URL(target.env.DATABASE_URL ?? '').pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const result = await admin.query<{ connections: number; advisory_locks: number }>(
      `select
         (select count(*)::int from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) as connections,
         (select count(*)::int from pg_locks l join pg_database d on d.oid = l.database
           where l.locktype = 'advisory' and d.datname = $1 and l.granted) as advisory_locks`,
      [name],
    );
    const row = result.rows[0];
    return { connections: row?.connections ?? 0, advisoryLocks: row?.advisory_locks ?? 0 };
  } finally {
    await admin.end();
  }
}
