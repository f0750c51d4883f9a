/**
 * A crash in the middle of money moving: the server process is killed with SIGKILL while a
 * stream of withdrawals is under way. After a restart on the same data the books still balance
 * and every withdrawal the client saw accepted is there: a commit is a commit.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, test } from 'vitest';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS, postgresAvailable } from '../helpers/databases.ts';
import { TEST_KEYS } from '../helpers/login.ts';
import {
  adminCli,
  formClient as client,
  pgliteTarget,
  postgresTarget as pgTarget,
  signedChallenge,
  startServer,
  type ServerTarget as Target,
  withdrawUntilGone,
} from '../helpers/server-process.ts';
import { depositArgs } from '../helpers/wallets.ts';

const targets = DATABASE_TARGETS.map((t) => t.name).filter((n) => n === 'pglite' || postgresAvailable);

describe.each(targets)('SIGKILL during a stream of withdrawals (%s)', (name) => {
  let server: ChildProcess | null = null;
  let target: Target | null = null;
  afterAll(async () => {
    server?.kill('SIGKILL');
    await target?.cleanup();
  });

  // Two server starts (the first seeds and backfills candles): minutes on a loaded 2-core CI host.
  test('after restart the audit is clean and every accepted withdrawal is there', async () => {
    target = name === 'pglite' ? pgliteTarget() : await pgTarget();
    const { env } = target;
    const admin = async (...argv: string[]) => ({ stdout: await adminCli(env, ...argv) });

    let started = await startServer(env);
    server = started.child;
    let call = client(started.url);
    const account = privateKeyToAccount(TEST_KEYS.alice);
    const { message, signature } = await signedChallenge(call, account);
    expect((await call('10002', { message, signature, requestId: randomUUID() })).respCode).toBe('00000');
    await admin(
      ...depositArgs({
        address: account.address,
        coin: 'USDT',
        chain: 'TRC20',
        amount: '100000',
        txid: 'crashtest0001',
        reason: 'crash test',
      }),
    );
    // Withdrawals go to a saved address (tests/helpers/signed-withdrawal.ts saves it): usable at once.
    await admin('config', 'address-delay', 'off', '--reason', 'crash test');

    // A stream of withdrawals; the process dies while it runs.
    const withdrawals = withdrawUntilGone(call, account);
    const { accepted } = withdrawals;
    // Killed once a few have been accepted (however slow the host), while more are on their way.
    const deadline = Date.now() + 60_000;
    while (accepted.length <= 5 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    await withdrawals.stop();
    expect(accepted.length).toBeGreaterThan(5);

    started = await startServer(env);
    server = started.child;
    const audit = JSON.parse((await admin('audit')).stdout);
    expect(audit).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });
    // The session cookie survived the crash as well; every accepted withdrawal is listed.
    call = client(started.url);
    const again = await signedChallenge(call, account);
    await call('10002', { ...again, requestId: randomUUID() });
    const list = dataOf(await call('10026', { size: '100' }));
    const stored = new Set<number>();
    for (let page = 1; page <= Math.ceil(list.total / 100); page += 1) {
      for (const w of dataOf(await call('10026', { size: '100', page: String(page) })).list) stored.add(w.id);
    }
    for (const id of accepted) expect(stored.has(id), `withdrawal ${id}`).toBe(true);
  }, 240_000);
});
