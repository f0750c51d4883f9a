/**
 * A deploy or a scale-down stops a process with SIGTERM while clients hold 100 tick streams open
 * and withdrawals are in flight: the process ends the streams, lets the calls finish and exits
 * within 10 seconds (once it waited for as long as a stream's client stayed); every withdrawal
 * that answered success is in the books after a restart, and the audit is clean.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, test } from 'vitest';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { dataOf } from '../helpers/app.ts';
import { postgresAvailable } from '../helpers/databases.ts';
import { TEST_KEYS } from '../helpers/login.ts';
import {
  adminCli,
  exited,
  formClient,
  pgliteTarget,
  postgresTarget,
  type ServerProcess,
  type ServerTarget,
  signInOver,
  startServer,
  withdrawUntilGone,
} from '../helpers/server-process.ts';
import { readTicks } from '../helpers/tick-stream.ts';
import { depositArgs } from '../helpers/wallets.ts';

const STREAMS = 100;
const CALLERS = 4;
const SYMBOLS = DEMO_INSTRUMENTS.slice(0, 3).map((i) => i.symbol);

const targets = postgresAvailable ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(targets)('SIGTERM with open streams and calls in flight (%s)', (name) => {
  let server: ServerProcess | null = null;
  let target: ServerTarget | null = null;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await target?.cleanup();
  });

  test('exits within 10 s; every accepted call is in the books; audit clean', async () => {
    target = name === 'pglite' ? pgliteTarget() : await postgresTarget();
    const env = { ...target.env, LOG_LEVEL: 'info' };
    server = await startServer(env);
    const session = { cookie: '' };
    const address = await signInOver(formClient(server.url, session), TEST_KEYS.alice);
    await adminCli(
      env,
      ...depositArgs({
        address,
        coin: 'USDT',
        chain: 'TRC20',
        amount: '100000',
        txid: 'stoptest0001',
        reason: 'stop test',
      }),
    );
    // Withdrawals go to a saved address (tests/helpers/signed-withdrawal.ts saves it): usable at once.
    await adminCli(env, 'config', 'address-delay', 'off', '--reason', 'stop test');

    // 100 clients watching prices, each until the server ends its stream (or a minute passes).
    const streams = Array.from({ length: STREAMS }, () => readTicks(server?.url ?? '', SYMBOLS, 60_000));
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const call = formClient(server.url, session);
    const withdrawals = withdrawUntilGone(call, privateKeyToAccount(TEST_KEYS.alice), CALLERS);
    const { accepted } = withdrawals;
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await exited(server.child);
    const took = Date.now() - signalled;
    await withdrawals.stop();
    const ticks = await Promise.all(streams);

    const shutdown = server
      .output()
      .split('\n')
      .filter((line) => /SIGTERM|"level":[56]0/.test(line));
    expect(code, shutdown.join('\n')).toBe(0);
    expect(took).toBeLessThan(10_000);
    // Every stream was open and ended by the server, well before its minute was up.
    expect(ticks.every((list) => list.length > 0)).toBe(true);
    expect(accepted.length).toBeGreaterThan(3);

    server = await startServer(env);
    expect(JSON.parse(await adminCli(env, 'audit'))).toMatchObject({ ok: true, negativeBalances: 0 });
    const again = formClient(server.url, session);
    const stored = new Set<number>();
    for (let page = 1; ; page += 1) {
      const list = dataOf(await again('10026', { size: '100', page: String(page) }));
      for (const w of list.list) stored.add(w.id);
      if (page * 100 >= list.total) break;
    }
    for (const id of accepted) expect(stored.has(id), `withdrawal ${id}`).toBe(true);
    console.info(
      `[graceful stop ${name}] ${STREAMS} streams, ${withdrawals.attempts()} calls sent, ${accepted.length} accepted, exit after ${took} ms`,
    );
  }, 120_000);
});
