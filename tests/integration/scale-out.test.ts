/**
 * Several server processes on one PostgreSQL, as a deployment behind a load balancer runs them:
 * started together on one host (one migrates and seeds, the other waits; neither needs a data
 * directory of its own); a session, a login nonce and the operator's CLI work across them; SSE
 * clients on different processes receive the same ticks in the same order (the producer's
 * NOTIFY); when the producer dies another process takes its place and the streams go on.
 */
import { randomUUID } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { dataOf } from '../helpers/app.ts';
import { postgresAvailable } from '../helpers/databases.ts';
import { TEST_KEYS } from '../helpers/login.ts';
import { sharedSession, useServerPair } from '../helpers/server-pair.ts';
import {
  adminCli,
  exited,
  formClient,
  type ServerProcess,
  signedChallenge,
} from '../helpers/server-process.ts';
import { readTicks } from '../helpers/tick-stream.ts';

const SYMBOLS = DEMO_INSTRUMENTS.slice(0, 4).map((i) => i.symbol);

describe.skipIf(!postgresAvailable)('several server processes on one PostgreSQL', () => {
  // Behind one proxy every process is reached at one origin: login messages name PUBLIC_URL.
  const pair = useServerPair((target) => ({
    ...target.env,
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://meridian.test',
  }));

  test('a login begun on one process ends on the other; the session works on both; the CLI runs beside them', async () => {
    const [a] = pair.servers as [ServerProcess, ServerProcess];
    const [onA, onB] = sharedSession(pair.servers);
    const account = privateKeyToAccount(TEST_KEYS.alice);
    const { message, signature } = await signedChallenge(onA, account);
    expect((await onB('10002', { message, signature, requestId: randomUUID() })).respCode).toBe('00000');
    // The nonce was used up on B: replaying the same signature on A is refused.
    const replay = await formClient(a.url)('10002', { message, signature, requestId: randomUUID() });
    expect(replay.respCode).not.toBe('00000');
    for (const call of [onA, onB]) {
      const me = await call('10008');
      expect(me.respCode).toBe('00000');
      expect(dataOf(me).address.toLowerCase()).toBe(account.address.toLowerCase());
    }
    expect(JSON.parse(await adminCli(pair.env, 'audit'))).toMatchObject({ ok: true });
  });

  test("the operator's change through the CLI reaches every process at once", async () => {
    const value = `@desk_${randomUUID().slice(0, 8)}`;
    // Both processes have the configuration cached.
    for (const s of pair.servers) expect((await formClient(s.url)('00000')).respCode).toBe('00000');
    await adminCli(pair.env, 'config', 'contact', 'telegram', value, '--reason', 'scale-out test');
    for (const s of pair.servers) {
      const config = dataOf(await formClient(s.url)('00000'));
      expect(config.contact.map((c) => c.value)).toContain(value);
    }
  });

  test('SSE clients on different processes receive identical tick sequences', async () => {
    const [a, b] = pair.servers as [ServerProcess, ServerProcess];
    const [fromA, fromB] = await Promise.all([
      readTicks(a.url, SYMBOLS, 4_000),
      readTicks(b.url, SYMBOLS, 4_000),
    ]);
    const idsA = new Set(fromA.map((t) => t.id));
    const idsB = new Set(fromB.map((t) => t.id));
    const shared = (list: typeof fromA, other: Set<string>) =>
      list.filter((t) => other.has(t.id)).map((t) => `${t.id} ${t.data}`);
    const onA = shared(fromA, idsB);
    expect(onA.length).toBeGreaterThanOrEqual(2 * SYMBOLS.length);
    expect(onA).toEqual(shared(fromB, idsA));
  });

  test('the producer is killed: another process takes over and its streams go on', async () => {
    const producer = pair.servers.find((s) => s.output().includes('this process writes candles'));
    const survivor = pair.servers.find((s) => s !== producer);
    if (!producer || !survivor) throw new Error('no producer found');
    producer.child.kill('SIGKILL');
    await exited(producer.child);
    const killedAt = Date.now();
    // Within the election period (5 s) and a tick, the survivor produces and streams again.
    const ticks = await readTicks(survivor.url, SYMBOLS, 9_000);
    expect(ticks.filter((t) => Number(t.id) > killedAt + 1000).length).toBeGreaterThan(0);
    expect(survivor.output()).toContain('this process writes candles');
    expect(JSON.parse(await adminCli(pair.env, 'audit'))).toMatchObject({ ok: true });
  }, 30_000);
});
