/** The demo faucet: on only in demo mode, once per wallet, labelled as demo money. */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { FinanceRecord } from '../../protocol/assets.ts';
import type { GlobalConfig } from '../../protocol/config.ts';
import type { Page } from '../../protocol/envelope.ts';
import { ERRORS } from '../../protocol/errors.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { signIn, TEST_KEYS } from '../helpers/login.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const pglite = DATABASE_TARGETS[0];
if (!pglite) throw new Error('no database');

describe('demo faucet in demo mode', () => {
  const env = useSeededApp(pglite, { demo: true });

  test('gives 1,000 demo USDT once per wallet, recorded as a labelled system adjustment', async () => {
    const config = (await post(env.app, '00000')).envelope.data as GlobalConfig;
    expect(config.demo).toBe(true);
    const alice = await signIn(env.app, TEST_KEYS.alice);
    const cookie = { cookie: alice.cookieHeader };
    const first = await post(env.app, '10012', { requestId: randomUUID() }, cookie);
    expect(first.envelope).toMatchObject({ respCode: '00000', data: { coin: 'USDT', amount: '1000' } });
    const second = await post(env.app, '10012', { requestId: randomUUID() }, cookie);
    expect(second.envelope.respCode).toBe(ERRORS.faucet_used.code);
    const records = (await post(env.app, '10011', {}, cookie)).envelope.data as Page<FinanceRecord>;
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
    const { envelope } = await post(
      env.app,
      '10012',
      { requestId: randomUUID() },
      { cookie: alice.cookieHeader },
    );
    expect(envelope.respCode).toBe(ERRORS.not_open_yet.code);
    expect(((await post(env.app, '00000')).envelope.data as GlobalConfig).demo).toBe(false);
  });
});
