/** The demo faucet: on only in demo mode, once per wallet, labelled as demo money. */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { signIn, TEST_KEYS } from '../helpers/login.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const pglite = DATABASE_TARGETS[0];
if (!pglite) throw new Error('no database');

describe('demo faucet in demo mode', () => {
  const env = useSeededApp(pglite, { demo: true });

  test('gives 1,000 demo USDT once per wallet, recorded as a labelled system adjustment', async () => {
    const config = dataOf(await caller(env.app)('00000'));
    expect(config.demo).toBe(true);
    const alice = await signIn(env.app, TEST_KEYS.alice);
    const call = caller(env.app, { cookie: alice.cookieHeader });
    expect(dataOf(await call('10010')).faucetClaimed).toBe(false);
    const first = await call('10012', { requestId: randomUUID() });
    // Taken: the assets say so, and the screen no longer offers it.
    expect(dataOf(await call('10010')).faucetClaimed).toBe(true);
    expect(first).toMatchObject({ respCode: '00000', data: { coin: 'USDT', amount: '1000' } });
    const second = await call('10012', { requestId: randomUUID() });
    expect(second.respCode).toBe(ERRORS.faucet_used.code);
    const records = dataOf(await call('10011'));
    expect(records.list).toEqual([
      expect.objectContaining({ type: 'system_adjustment', amount: '1000', demo: true }),
    ]);
    expect((await auditLedger(env.database.db)).ok).toBe(true);
  });
});

describe('demo faucet outside demo mode', () => {
  const env = useSeededApp(pglite, { demo: false });

  test('is not open', async () => {
    const alice = await signIn(env.app, TEST_KEYS.alice);
    const refused = await caller(env.app, { cookie: alice.cookieHeader })('10012', {
      requestId: randomUUID(),
    });
    expect(refused.respCode).toBe(ERRORS.not_open_yet.code);
    expect(dataOf(await caller(env.app)('00000')).demo).toBe(false);
  });
});
