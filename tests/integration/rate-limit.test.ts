/**
 * Rate limits as an attacker meets them: one signed-in wallet is limited on its own budget
 * whatever address it calls from, also when its calls are spread over two server processes on one
 * PostgreSQL (two apps over the same database here: each has its own memory, so only a shared
 * store can count them together); the refusal is 429 E1009 with Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { countCall, sweepCounters } from '../../server/http/rate-limit-store.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { buildTestApp, post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { signIn, TEST_KEYS } from '../helpers/login.ts';

const WALLET_BUDGET = 6;

for (const target of DATABASE_TARGETS)
  describe.skipIf(!target.available)(`per-wallet rate limit, ${target.name}`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    const apps: FastifyInstance[] = [];
    beforeAll(async () => {
      ({ database, dispose } = await target.create());
      await seedDemo(database);
      // Two "processes" on PostgreSQL; PGlite is one process by design.
      for (let i = 0; i < (target.name === 'postgres' ? 2 : 1); i += 1) {
        const { app } = await buildTestApp(database, {
          config: { rateLimitPerWallet: WALLET_BUDGET, rateLimitPerIp: 1000, trustProxy: true },
        });
        apps.push(app);
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await dispose();
    });

    test('one wallet spread over many addresses (and processes) is refused after its budget', async () => {
      const [first] = apps;
      if (!first) throw new Error('no app');
      const { cookieHeader } = await signIn(first, TEST_KEYS.alice);
      const answers: { status: number; code: string; retryAfter: string | undefined }[] = [];
      for (let i = 0; i < WALLET_BUDGET + 3; i += 1) {
        const app = apps[i % apps.length] as FastifyInstance;
        const { response, envelope } = await post(
          app,
          '10008',
          {},
          { cookie: cookieHeader, 'x-forwarded-for': `10.0.${i}.1` },
        );
        answers.push({
          status: response.statusCode,
          code: envelope.respCode,
          retryAfter: response.headers['retry-after'] as string | undefined,
        });
      }
      expect(answers.slice(0, WALLET_BUDGET).map((a) => a.code)).toEqual(Array(WALLET_BUDGET).fill('00000'));
      for (const refused of answers.slice(WALLET_BUDGET)) {
        expect(refused).toMatchObject({ status: 429, code: 'E1009' });
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
      }
      // Another wallet from the same addresses still has its own budget.
      const bob = await signIn(first, TEST_KEYS.bob);
      const other = await post(
        first,
        '10008',
        {},
        { cookie: bob.cookieHeader, 'x-forwarded-for': '10.0.1.1' },
      );
      expect(other.envelope.respCode).toBe('00000');
    });

    test.runIf(target.name === 'postgres')(
      'the shared counter: fixed windows, concurrent calls each counted',
      async () => {
        const key = `test:${Math.random()}`;
        const at = 1_000_000;
        const counts = await Promise.all(
          Array.from({ length: 40 }, () => countCall(database.db, key, 60_000, at)),
        );
        expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 40 }, (_, i) => i + 1),
        );
        expect(await countCall(database.db, key, 60_000, at + 59_000)).toEqual({ current: 41, ttl: 1_000 });
        expect(await countCall(database.db, key, 60_000, at + 60_000)).toEqual({ current: 1, ttl: 60_000 });
        await sweepCounters(database.db, at + 60_000 + 2 * 3600_000);
        expect(await countCall(database.db, key, 60_000, at + 60_000 + 2 * 3600_000)).toMatchObject({
          current: 1,
        });
      },
    );
  });
