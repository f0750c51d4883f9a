/**
 * A crash in the middle of money moving: the server process is killed with SIGKILL while a
 * stream of withdrawals is under way. After a restart on the same data the books still balance
 * and every withdrawal the client saw accepted is there: a commit is a commit.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, test } from 'vitest';
import type { ChallengeResponse } from '../../protocol/account.ts';
import type { Page } from '../../protocol/envelope.ts';
import type { Withdrawal } from '../../protocol/withdraw.ts';
import { DATABASE_TARGETS, postgresAvailable } from '../helpers/databases.ts';
import { TEST_KEYS } from '../helpers/login.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

interface Target {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const match = /open (http:\/\/\S+?)\/?\n/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

function client(url: string) {
  let cookie = '';
  return async (code: string, fields: Record<string, string> = {}) => {
    const response = await fetch(`${url}/adc/html/eto/${code}.do`, {
      method: 'POST',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
      },
      body: new URLSearchParams(fields),
    });
    const set = response.headers.get('set-cookie');
    if (set?.startsWith('sid=')) cookie = set.split(';')[0] ?? '';
    return (await response.json()) as { respCode: string; data: unknown };
  };
}

async function pgTarget(): Promise<Target> {
  const name = `meridian_crash_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-crash-'));
  return {
    name: 'postgres',
    env: { DATA_DIR: dir, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`, DEMO_SEED: 'true' },
    async cleanup() {
      const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function pgliteTarget(): Target {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-crash-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

const targets = DATABASE_TARGETS.map((t) => t.name).filter((n) => n === 'pglite' || postgresAvailable);

describe.each(targets)('SIGKILL during a stream of withdrawals (%s)', (name) => {
  let server: ChildProcess | null = null;
  let target: Target | null = null;
  afterAll(async () => {
    server?.kill('SIGKILL');
    await target?.cleanup();
  });

  test('after restart the audit is clean and every accepted withdrawal is there', async () => {
    target = name === 'pglite' ? pgliteTarget() : await pgTarget();
    const env = {
      ...target.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      // A short candle history keeps the embedded database free for the commands under test.
      MARKET_BACKFILL_MINUTE_DAYS: '0',
      MARKET_BACKFILL_DAILY_DAYS: '2',
      CLIENT_DIR: path.join(ROOT, 'no-client'),
    };
    const admin = (...argv: string[]) =>
      run(process.execPath, ['server/admin/cli.ts', ...argv, '--json'], {
        cwd: ROOT,
        env: { ...process.env, ...env },
      });

    let started = await startServer(env);
    server = started.child;
    let call = client(started.url);
    const account = privateKeyToAccount(TEST_KEYS.alice);
    const challenge = (await call('10001', { address: account.address, chainId: '1' }))
      .data as ChallengeResponse;
    const signature = await account.signMessage({ message: challenge.message });
    expect(
      (await call('10002', { message: challenge.message, signature, requestId: randomUUID() })).respCode,
    ).toBe('00000');
    await admin(
      'deposit',
      '--address',
      account.address,
      '--coin',
      'USDT',
      '--chain',
      'TRC20',
      '--amount',
      '100000',
      '--txid',
      'crashtest0001',
      '--reason',
      'crash test',
    );

    // A stream of withdrawals; the process dies while it runs.
    const accepted: number[] = [];
    let stop = false;
    const stream = (async () => {
      while (!stop) {
        try {
          const r = await call('10025', {
            coin: 'USDT',
            chain: 'TRC20',
            address: TRON_TO,
            amount: '10',
            requestId: randomUUID(),
          });
          if (r.respCode === '00000') accepted.push((r.data as Withdrawal).id);
        } catch {
          return; // the connection died with the server
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    stop = true;
    await stream;
    expect(accepted.length).toBeGreaterThan(5);

    started = await startServer(env);
    server = started.child;
    const audit = JSON.parse((await admin('audit')).stdout);
    expect(audit).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });
    // The session cookie survived the crash as well; every accepted withdrawal is listed.
    call = client(started.url);
    const again = (await call('10001', { address: account.address, chainId: '1' })).data as ChallengeResponse;
    const sig2 = await account.signMessage({ message: again.message });
    await call('10002', { message: again.message, signature: sig2, requestId: randomUUID() });
    const list = (await call('10026', { size: '100' })).data as Page<Withdrawal>;
    const stored = new Set<number>();
    for (let page = 1; page <= Math.ceil(list.total / 100); page += 1) {
      for (const w of ((await call('10026', { size: '100', page: String(page) })).data as Page<Withdrawal>)
        .list)
        stored.add(w.id);
    }
    for (const id of accepted) expect(stored.has(id), `withdrawal ${id}`).toBe(true);
  }, 90_000);
});
