/**
 * A pending order's margin follows its price (issue #36): moving the price re-prices the margin in
 * the same transaction (the difference frozen, E2001 when it is not there, or the excess
 * released), and a fill re-prices it at the fill price, cancelling the order ("not enough margin
 * at fill") when the user cannot cover a gap. The reproduction of the hole comes first: a 1-BTC
 * buy limit placed at 1 USDT for 0.1 of margin and moved to the market price.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { pricesAt } from '../../server/modules/trading/prices.ts';
import { runTriggers } from '../../server/modules/trading/trading.job.ts';
import { dataOf, type TestFields } from '../helpers/app.ts';
import { createControlledSource } from '../helpers/controlled-prices.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { useMarketApp } from '../helpers/seeded-app.ts';
import { fundedWallet } from '../helpers/wallets.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`a pending order's margin follows its price on ${target.name}`, () => {
    const env = useMarketApp(target, createControlledSource());
    const admin = directAdmin(env);
    const triggers = async () =>
      runTriggers(env.database, await pricesAt(env.engine, Date.now()), Date.now(), (id, error) => {
        throw new Error(`order ${id} not settled: ${(error as Error).message}`);
      });

    async function user(usdt: string) {
      const wallet = await fundedWallet(env, { USDT: usdt });
      const { address, call } = wallet;
      const balance = (bucket: 'available' | 'frozen' = 'available') => wallet.balance('USDT', bucket);
      const order = async (id: number) => dataOf(await call('10082', { id: String(id) }));
      const place = (fields: TestFields) =>
        call('10073', { side: 'buy', requestId: randomUUID(), ...fields });
      const modify = (id: number, fields: TestFields) =>
        call('10074', { id: String(id), requestId: randomUUID(), ...fields });
      return { address, call, balance, order, place, modify };
    }

    test('the reproduction: a 1-BTC buy limit at 1 cannot be moved to the market on 0.1 of margin', async () => {
      env.source.pin('BTCUSDT', '61015', '61016');
      const u = await user('20');
      const placed = await u.place({ symbol: 'BTCUSDT', kind: 'buy_limit', lots: '1', price: '1' });
      expect(placed.respCode, placed.respMsg).toBe('00000');
      const id = dataOf(placed).id;
      expect(placed.data).toMatchObject({ margin: '0.1', commission: '10', status: 'pending' });
      expect(await u.balance()).toBe('9.9');

      const moved = await u.modify(id, { price: '61015.5' });
      expect(moved.respCode).toBe(ERRORS.insufficient_balance.code);
      expect(moved.respMsg).not.toMatch(/errors\.|\{\{/);
      // Refused as a whole: the order, its margin and the balances are as they were.
      expect(await u.order(id)).toMatchObject({ price: '1', margin: '0.1', status: 'pending' });
      expect([await u.balance(), await u.balance('frozen')]).toEqual(['9.9', '10.1']);

      // The price reaching the order's level fills nothing: it is still at 1.
      env.source.pin('BTCUSDT', '61015.48', '61015.5');
      await triggers();
      expect((await u.order(id)).status).toBe('pending');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('moving the price up freezes the difference, moving it down releases the excess', async () => {
      env.source.pin('BTCUSDT', '61015', '61016');
      const u = await user('7000');
      const placed = dataOf(await u.place({ symbol: 'BTCUSDT', kind: 'buy_limit', lots: '1', price: '1' }));
      const up = await u.modify(placed.id, { price: '60000' });
      expect(up.respCode, up.respMsg).toBe('00000');
      // 1 BTC at 60,000 at 1:10 = 6,000 USDT of margin, 5,999.9 more than the 0.1 frozen.
      expect(up.data).toMatchObject({ price: '60000', margin: '6000' });
      expect([await u.balance(), await u.balance('frozen')]).toEqual(['990', '6010']);
      const down = await u.modify(placed.id, { price: '30000.5' });
      expect(down.data).toMatchObject({ price: '30000.5', margin: '3000.05' });
      expect([await u.balance(), await u.balance('frozen')]).toEqual(['3989.95', '3010.05']);
      // Levels alone change no margin and make no entry.
      const levels = await u.modify(placed.id, { price: '30000.5', stopLoss: '29000' });
      expect(levels.data).toMatchObject({ margin: '3000.05', stopLoss: '29000' });
      const records = (await u.call('10011', { size: '50' })).data?.list ?? [];
      expect(records.filter((r) => r.type === 'trading_margin_change').map((r) => r.amount)).toEqual([
        '2999.95',
        '-5999.9',
      ]);
      // Cancelling returns exactly what is frozen now.
      const cancelled = await u.call('10079', { id: String(placed.id), requestId: randomUUID() });
      expect(cancelled.data).toMatchObject({ status: 'cancelled', closeReason: null });
      expect([await u.balance(), await u.balance('frozen')]).toEqual(['7000', '0']);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a gap re-prices the margin at the fill: the difference frozen, or the excess released', async () => {
      env.source.pin('BTCUSDT', '60000', '60001');
      const u = await user('20000');
      const stop = dataOf(await u.place({ symbol: 'BTCUSDT', kind: 'buy_stop', lots: '1', price: '61000' }));
      const limit = dataOf(
        await u.place({ symbol: 'BTCUSDT', kind: 'buy_limit', lots: '1', price: '59000' }),
      );
      expect([stop.margin, limit.margin]).toEqual(['6100', '5900']);
      // A gap down through the limit: it fills at the ask 55,001 and releases 399.9.
      env.source.pin('BTCUSDT', '55000', '55001');
      expect(await triggers()).toMatchObject({ filled: 1, cancelled: 0 });
      expect(await u.order(limit.id)).toMatchObject({ status: 'open', openPrice: '55001', margin: '5500.1' });
      // A gap up through the stop: it fills at the ask 62,001 and holds 6,200.1 of margin.
      env.source.pin('BTCUSDT', '62000', '62001');
      expect(await triggers()).toMatchObject({ filled: 1, cancelled: 0 });
      expect(await u.order(stop.id)).toMatchObject({ status: 'open', openPrice: '62001', margin: '6200.1' });
      // 20,000 - 6,200.1 - 5,500.1 - two commissions of 10; the profits so far are not realised.
      expect(await u.balance()).toBe('8279.8');
      expect(await u.balance('frozen')).toBe('11700.2');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a gap the user cannot cover cancels the order: not enough margin at fill, all of it returned', async () => {
      env.source.pin('BTCUSDT', '60000', '60001');
      const u = await user('6120');
      const stop = dataOf(await u.place({ symbol: 'BTCUSDT', kind: 'buy_stop', lots: '1', price: '61000' }));
      expect([await u.balance(), await u.balance('frozen')]).toEqual(['10', '6110']);
      // Filling at 62,001 needs 6,200.1: 100.1 more than frozen, and only 10 is available.
      env.source.pin('BTCUSDT', '62000', '62001');
      expect(await triggers()).toMatchObject({ filled: 0, cancelled: 1, failed: 0 });
      expect(await u.order(stop.id)).toMatchObject({
        status: 'cancelled',
        closeReason: 'no_margin',
        openPrice: null,
        margin: '6100',
      });
      expect([await u.balance(), await u.balance('frozen')]).toEqual(['6120', '0']);
      const current = dataOf(await u.call('10080'));
      expect(current).toEqual({ positions: [], pending: [] });
      const history = (await u.call('10081')).data?.list ?? [];
      expect(history.map((o) => [o.id, o.closeReason])).toEqual([[stop.id, 'no_margin']]);
      // Nothing is settled twice: the engine finds nothing more to do.
      expect(await triggers()).toMatchObject({ filled: 0, closed: 0, cancelled: 0 });
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test("the operator's new contract size, leverage and commission apply to new orders only", async () => {
      env.source.pin('BTCUSDT', '60000', '60001');
      const u = await user('40000');
      const pending = dataOf(
        await u.place({ symbol: 'BTCUSDT', kind: 'buy_limit', lots: '1', price: '59000' }),
      );
      const open = dataOf(await u.place({ symbol: 'BTCUSDT', kind: 'market', lots: '0.1' }));
      expect([pending.margin, pending.commission]).toEqual(['5900', '10']);
      expect([open.margin, open.commission, open.openPrice]).toEqual(['600.01', '1', '60001']);
      const rules = (contract: string, leverage: string, commission: string) =>
        admin(
          ...['config', 'trading', 'BTCUSDT', '--contract-size', contract, '--lot-step', '0.001'],
          ...['--min-lots', '0.001', '--max-lots', '5', '--leverage', leverage],
          ...['--commission', commission, '--quote-currency', 'USDT'],
        );
      // 1 BTC a lot at 1:10 and 10 USDT a lot becomes 2 BTC a lot at 1:5 and 20 USDT a lot.
      expect((await rules('2', '5', '20')).ok).toBe(true);
      try {
        // Moved, the pending order is re-priced at its own contract size and leverage: 1 x 59,500 / 10.
        const moved = await u.modify(pending.id, { price: '59500' });
        expect(moved.respCode, moved.respMsg).toBe('00000');
        expect(moved.data).toMatchObject({ margin: '5950', commission: '10' });
        // Filled by a gap, at its own terms again: 1 x 59,401 / 10.
        env.source.pin('BTCUSDT', '59400', '59401');
        expect(await triggers()).toMatchObject({ filled: 1, cancelled: 0 });
        expect(await u.order(pending.id)).toMatchObject({ status: 'open', margin: '5940.1' });
        // The position opened before the change settles on 0.1 BTC, not 0.2: (65,000 - 60,001) x 0.1.
        env.source.pin('BTCUSDT', '65000', '65001');
        const closed = await u.call('10076', { id: String(open.id), requestId: randomUUID() });
        expect(closed.data).toMatchObject({ status: 'closed', profit: '499.9' });
        // A new order takes the new rules: 0.1 x 2 x 65,001 / 5 of margin, 0.1 x 20 of commission.
        const fresh = dataOf(await u.place({ symbol: 'BTCUSDT', kind: 'market', lots: '0.1' }));
        expect([fresh.margin, fresh.commission]).toEqual(['2600.04', '2']);
        expect((await auditLedger(env.database.db)).ok).toBe(true);
      } finally {
        expect((await rules('1', '10', '10')).ok).toBe(true);
      }
    });
  });
}
