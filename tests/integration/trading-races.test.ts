/**
 * Trading races, on PGlite and PostgreSQL, at prices the test pins: the engine and a user's close
 * racing on one position (and two processes), the engine's batch close skipping a position changed
 * since it was read, simultaneous orders only some can fund, and random orders, changes and ticks
 * across users that leave the books balanced. Single orders are in trading.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { dec, fmt } from '../../protocol/money.ts';
import type { Order } from '../../protocol/trading.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { TRADING_LOCK_KEY } from '../../server/modules/trading/trading.job.ts';
import { orders } from '../../server/modules/trading/trading.schema.ts';
import { settleEachIfUnchanged } from '../../server/modules/trading/trading.settlement.ts';
import { TRIGGER_SETTINGS } from '../../server/modules/trading/trading.triggers.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS, withSecondConnection } from '../helpers/databases.ts';
import { expectExactlyFundable } from '../helpers/double-spend.ts';
import { lcg } from '../helpers/random.ts';
import { useTradingApp } from '../helpers/trading-app.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`trading on ${target.name}`, () => {
    const { env, triggers, pool, user } = useTradingApp(target);
    // As the trigger job settles on this kind of database (index plans on PostgreSQL).
    const plans = () => TRIGGER_SETTINGS[env.database.kind].indexPlans;

    test('the engine and the user closing one position at once settle it once', async () => {
      env.source.pin('BTCUSDT', '95000', '95001');
      const u = await user('10000');
      const p = dataOf(await u.place({ symbol: 'BTCUSDT', lots: '0.01', takeProfit: '96000' }));
      env.source.pin('BTCUSDT', '96000', '96001');
      const [byUser] = await Promise.all([
        u.call('10076', { id: String(p.id), requestId: randomUUID() }),
        triggers(),
      ]);
      expect([ERRORS.order_not_modifiable.code, '00000']).toContain(byUser.respCode);
      const settled = await u.order(p.id);
      expect(settled.status).toBe('closed');
      // (96000 - 95001) x 0.01 = 9.99 paid once.
      expect(settled.profit).toBe('9.99');
      expect(await u.balance()).toBe(fmt(dec('10000').minus('0.1').plus('9.99')));
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('the engine’s batch close leaves a position whose level moved since it was read and closes the rest', async () => {
      env.source.pin('BTCUSDT', '95000', '95001');
      const u = await user('10000');
      const a = dataOf(await u.place({ symbol: 'BTCUSDT', lots: '0.01', takeProfit: '96000' }));
      const b = dataOf(await u.place({ symbol: 'BTCUSDT', lots: '0.01', takeProfit: '96000' }));
      env.source.pin('BTCUSDT', '96000', '96001');
      const read = async (id: number) => {
        const [row] = await env.database.db.select().from(orders).where(eq(orders.id, id));
        if (!row) throw new Error(`no order row ${id}`);
        return row;
      };
      const tick = { bid: '96000', ask: '96001' };
      const due = (row: Awaited<ReturnType<typeof read>>) => ({
        row,
        tick,
        rate: '1',
        action: 'take_profit' as const,
      });
      // The engine read both rows while the take profit was crossed; the user then moved a's away.
      const [staleA, rowB] = [await read(a.id), await read(b.id)];
      const moved = await u.call('10074', {
        id: String(a.id),
        takeProfit: '97000',
        requestId: randomUUID(),
      });
      expect(moved.respCode).toBe('00000');
      const balanceBefore = await u.balance();
      const closed = await settleEachIfUnchanged(
        env.database.db,
        [due(staleA), due(rowB)],
        new Date(),
        plans(),
      );
      expect([...closed]).toEqual([b.id]);
      expect((await u.order(a.id)).status).toBe('open');
      const closedB = await u.order(b.id);
      expect(closedB.status).toBe('closed');
      expect(closedB.profit).toBe('9.99');
      const afterB = fmt(dec(balanceBefore).plus(closedB.margin).plus('9.99'));
      expect(await u.balance()).toBe(afterB);
      // Read again with its current level, a's close goes through, entry and row together; b, stale
      // in status now, moves nothing more.
      const again = await settleEachIfUnchanged(
        env.database.db,
        [due(await read(a.id)), due(rowB)],
        new Date(),
        plans(),
      );
      expect([...again]).toEqual([a.id]);
      const closedA = await u.order(a.id);
      expect(closedA.status).toBe('closed');
      expect(await u.balance()).toBe(fmt(dec(afterB).plus(closedA.margin).plus('9.99')));
      expect((await settleEachIfUnchanged(env.database.db, [due(rowB)], new Date(), plans())).size).toBe(0);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test.skipIf(target.name !== 'postgres')(
      'two server processes: one runs the engine, each order settles once',
      async () => {
        env.source.pin('ETHUSDT', '3300', '3300.1');
        const people = await Promise.all([user('5000'), user('5000')]);
        const placed: Order[] = [];
        for (const p of people)
          for (let i = 0; i < 3; i += 1)
            placed.push(dataOf(await p.place({ symbol: 'ETHUSDT', lots: '0.1', takeProfit: '3400' })));
        await withSecondConnection(env.database, async (second) => {
          const held = await env.database.tryAdvisoryLock(TRADING_LOCK_KEY);
          expect((await triggers(second)).ran).toBe(false);
          await held.release();
          env.source.pin('ETHUSDT', '3400', '3400.1');
          const runs = await Promise.all([triggers(), triggers(second)]);
          expect(runs.reduce((n, r) => n + r.closed, 0)).toBe(6);
          for (const p of people) expect(await p.balance('frozen')).toBe('0');
          expect((await auditLedger(env.database.db)).ok).toBe(true);
        });
      },
    );

    test('50 simultaneous market orders, margin for three: exactly three are opened', async () => {
      env.source.pin('EURUSD', '1.16000', '1.16008');
      const { refused } = await expectExactlyFundable({
        user,
        attempt: (u) => u.place({ symbol: 'EURUSD', lots: '0.1' }),
        available: (u) => u.balance(),
      });
      expect(refused.length).toBe(1);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('random orders, changes, closes and ticks across users keep the books balanced', async () => {
      const people = await Promise.all(Array.from({ length: 4 }, () => user('3000')));
      const poolBefore = await pool();
      const rand = lcg(5).below;
      let mid = 1.16;
      for (let round = 0; round < 12; round += 1) {
        mid += (rand(201) - 100) / 10_000;
        const bid = mid.toFixed(5);
        const ask = (mid + 0.00008).toFixed(5);
        env.source.pin('EURUSD', bid, ask);
        const actions = people.map(async (p) => {
          const current = dataOf(await p.call('10080'));
          const kind = rand(5);
          if (kind === 0 && current.positions[0])
            return p.call('10076', { id: String(current.positions[0].id), requestId: randomUUID() });
          if (kind === 1 && current.pending[0])
            return p.call('10079', { id: String(current.pending[0].id), requestId: randomUUID() });
          const side = rand(2) === 0 ? 'buy' : 'sell';
          const lots = `0.${1 + rand(5)}`;
          if (kind === 2)
            return p.place({
              symbol: 'EURUSD',
              lots,
              kind: side === 'buy' ? 'buy_limit' : 'sell_limit',
              price: side === 'buy' ? (mid - 0.002).toFixed(5) : (mid + 0.002).toFixed(5),
            });
          const sl = side === 'buy' ? (mid - 0.003).toFixed(5) : (mid + 0.003).toFixed(5);
          const tp = side === 'buy' ? (mid + 0.003).toFixed(5) : (mid - 0.003).toFixed(5);
          return p.place({ symbol: 'EURUSD', lots, side, stopLoss: sl, takeProfit: tp });
        });
        const [results] = await Promise.all([Promise.all(actions), triggers()]);
        for (const r of results)
          expect(
            [
              '00000',
              ERRORS.insufficient_balance.code,
              ERRORS.order_not_modifiable.code,
              ERRORS.stop_loss_wrong_side.code,
              ERRORS.take_profit_wrong_side.code,
              ERRORS.pending_price_wrong_side.code,
            ],
            JSON.stringify(r),
          ).toContain(r.respCode);
        const report = await auditLedger(env.database.db);
        expect(report.ok, JSON.stringify(report)).toBe(true);
        for (const p of people) expect(Number(await p.balance())).toBeGreaterThanOrEqual(0);
      }
      // Everyone closes and cancels what is left: no margin stays frozen; every USDT is accounted for.
      for (const p of people) {
        const current = dataOf(await p.call('10080'));
        for (const o of current.positions)
          await p.call('10076', { id: String(o.id), requestId: randomUUID() });
        for (const o of current.pending) await p.call('10079', { id: String(o.id), requestId: randomUUID() });
        expect(await p.balance('frozen')).toBe('0');
      }
      const fees = (await auditLedger(env.database.db)).ok;
      expect(fees).toBe(true);
      let total = dec(await pool()).minus(dec(poolBefore));
      for (const p of people) total = total.plus(dec(await p.balance()));
      // Users and the pool together hold what the users brought, less the commissions paid.
      expect(total.lessThanOrEqualTo(dec('12000'))).toBe(true);
    });
  });
}
