/**
 * Trading through the API and the trigger engine, on PGlite and PostgreSQL, at prices the test
 * pins: a market order with its margin and commission, bad input refused without a trace, take
 * profit, a stop loss crossed by a gap (filled past the level), many positions due on one tick, a
 * stop-out that never takes more than the margin, a pending order filled at the first tick past
 * its price and one cancelled, and profit in USDT from yen. Races and random sequences are in
 * trading-races.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { dec, fmt } from '../../protocol/money.ts';
import type { Order } from '../../protocol/trading.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { expectSuccess } from '../helpers/expect-success.ts';
import { useTradingApp } from '../helpers/trading-app.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`trading on ${target.name}`, () => {
    const { env, triggers, tick, user } = useTradingApp(target);

    test('a market order fills at the ask, freezes its margin and pays its commission', async () => {
      env.source.pin('EURUSD', '1.16000', '1.16008');
      const u = await user('1000');
      const feesBefore = await balanceOf(env.database.db, systemAccount('fee_revenue'), 'USDT');
      const placed = await u.place({ symbol: 'EURUSD', lots: '0.1', stopLoss: '1.15', takeProfit: '1.17' });
      // 0.1 lot = 10,000 EUR at 1.16008 = 11,600.8 USD, at 1:100 = 116.008 USDT; commission 0.35.
      expectSuccess(placed, {
        status: 'open',
        side: 'buy',
        openPrice: '1.16008',
        margin: '116.008',
        commission: '0.35',
        stopLoss: '1.15',
        takeProfit: '1.17',
      });
      expect(await u.balance()).toBe('883.642');
      expect(await u.balance('frozen')).toBe('116.008');
      expect(
        fmt(dec(await balanceOf(env.database.db, systemAccount('fee_revenue'), 'USDT')).minus(feesBefore)),
      ).toBe('0.35');
      // Live profit at the bid: bought at 1.16008, worth 1.16100 now: 0.00092 x 10,000 = 9.2 USDT.
      env.source.pin('EURUSD', '1.16100', '1.16108');
      const current = dataOf(await u.call('10080'));
      expect(current.positions[0]).toMatchObject({ currentPrice: '1.16100', floatingProfit: '9.2' });
      const records = (await u.call('10011')).data?.list ?? [];
      expect(records.map((r) => [r.type, r.amount])).toContainEqual(['trading_placement', '-116.358']);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('bad input gets its translated error and changes nothing', async () => {
      env.source.pin('EURUSD', '1.16000', '1.16008');
      const u = await user('100');
      const cases: [Record<string, string>, string][] = [
        [{ symbol: 'EURUSD', lots: '0.015' }, ERRORS.lots_invalid.code],
        [{ symbol: 'EURUSD', lots: '0' }, ERRORS.lots_invalid.code],
        [{ symbol: 'EURUSD', lots: '51' }, ERRORS.lots_invalid.code],
        [{ symbol: 'EURUSD', lots: '-1' }, ERRORS.field_invalid.code],
        [{ symbol: 'EURUSD', lots: '0.1', stopLoss: '-1' }, ERRORS.field_invalid.code],
        [{ symbol: 'EURUSD', lots: '0.01', stopLoss: '1.17' }, ERRORS.stop_loss_wrong_side.code],
        [{ symbol: 'EURUSD', lots: '0.01', takeProfit: '1.15' }, ERRORS.take_profit_wrong_side.code],
        [
          { symbol: 'EURUSD', lots: '0.01', side: 'sell', stopLoss: '1.15' },
          ERRORS.stop_loss_wrong_side.code,
        ],
        [{ symbol: 'EURUSD', lots: '0.01', kind: 'buy_limit' }, ERRORS.pending_price_required.code],
        [
          { symbol: 'EURUSD', lots: '0.01', kind: 'buy_limit', price: '1.17' },
          ERRORS.pending_price_wrong_side.code,
        ],
        [
          { symbol: 'EURUSD', lots: '0.01', kind: 'sell_stop', price: '1.17' },
          ERRORS.pending_price_wrong_side.code,
        ],
        [{ symbol: 'HK50', lots: '1' }, ERRORS.not_found.code],
        [{ symbol: 'NOPE', lots: '1' }, ERRORS.not_found.code],
        [{ symbol: 'EURUSD', lots: '1' }, ERRORS.insufficient_balance.code],
      ];
      for (const [fields, code] of cases) {
        const answer = await u.place(fields);
        expect(answer.respCode, JSON.stringify(fields)).toBe(code);
        expect(answer.respMsg).not.toMatch(/errors\.|\{\{/);
      }
      env.source.pin('EURUSD', '1.16000', '1.16008', false);
      expect(await u.place({ symbol: 'EURUSD', lots: '0.01' })).toMatchObject({
        respCode: ERRORS.trading_not_open.code,
        respMsg: 'Trading is not open yet',
      });
      expect(await u.balance()).toBe('100');
      expect((await u.call('10080')).data).toEqual({ positions: [], pending: [] });
      env.source.pin('EURUSD', '1.16000', '1.16008');
      // Replayed: the first answer, one order.
      const requestId = randomUUID();
      const first = await u.place({ symbol: 'EURUSD', lots: '0.01', requestId });
      expect((await u.place({ symbol: 'EURUSD', lots: '0.01', requestId })).data).toEqual(first.data);
      expect((await u.call('10080')).data?.positions).toHaveLength(1);
    });

    test('take profit closes on the bid; a gap through the stop loss closes past it', async () => {
      env.source.pin('EURUSD', '1.16000', '1.16008');
      const u = await user('1000');
      const tp = dataOf(await u.place({ symbol: 'EURUSD', lots: '0.1', takeProfit: '1.17' }));
      const sl = dataOf(await u.place({ symbol: 'EURUSD', lots: '0.1', stopLoss: '1.159' }));
      // The ask reaching the TP is not enough for a long.
      await tick('EURUSD', '1.16992', '1.17');
      expect((await u.order(tp.id)).status).toBe('open');
      await tick('EURUSD', '1.17', '1.17008');
      // (1.17 - 1.16008) x 10,000 = 99.2 USDT.
      await u.expectClosed(tp.id, 'take_profit', { closePrice: '1.17', profit: '99.2' });
      // A gap from 1.17 to 1.158: the stop loss at 1.159 closes at the bid 1.158, not at the level.
      await tick('EURUSD', '1.158', '1.15808');
      await u.expectClosed(sl.id, 'stop_loss', { closePrice: '1.158', profit: '-20.8' });
      expect(await u.balance('frozen')).toBe('0');
      expect(await u.balance()).toBe(fmt(dec('1000').minus('0.7').plus('99.2').minus('20.8')));
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('one tick that makes many positions due settles each once (several at a time on PostgreSQL)', async () => {
      env.source.pin('EURUSD', '1.16000', '1.16008');
      const people = await Promise.all(Array.from({ length: 3 }, () => user('1000')));
      const placed: Order[] = [];
      for (const p of people)
        for (let i = 0; i < 4; i += 1)
          placed.push(dataOf(await p.place({ symbol: 'EURUSD', lots: '0.01', takeProfit: '1.165' })));
      env.source.pin('EURUSD', '1.166', '1.16608');
      const [first, second] = await Promise.all([triggers(), triggers()]);
      // Two runs at once: the advisory lock lets one of them work; every position closes once.
      expect((first?.closed ?? 0) + (second?.closed ?? 0)).toBe(placed.length);
      expect((await triggers()).closed).toBe(0);
      for (const [index, o] of placed.entries()) {
        const owner = people[Math.floor(index / 4)];
        expect(await owner?.order(o.id)).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
      }
      for (const p of people) expect(await p.balance('frozen')).toBe('0');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('stop-out before the loss exceeds the margin; a gap beyond it costs the margin, no more', async () => {
      env.source.pin('XAUUSD', '4000.00', '4000.30');
      const u = await user('1000');
      // 0.1 lot of gold at 4000.30, 1:20: margin 2,000.15 is more than 1,000.
      expect((await u.place({ symbol: 'XAUUSD', lots: '0.1' })).respCode).toBe(
        ERRORS.insufficient_balance.code,
      );
      const p = dataOf(await u.place({ symbol: 'XAUUSD', lots: '0.02' }));
      expect(p.margin).toBe('400.03');
      // A loss of 79 % of the margin: still open.
      await tick('XAUUSD', '3842.30', '3842.60');
      expect((await u.order(p.id)).status).toBe('open');
      // 80 % of 400.03 is 320.024: at a loss of 320.6 it is stopped out at the bid.
      await tick('XAUUSD', '3840.00', '3840.30');
      await u.expectClosed(p.id, 'stop_out', { profit: '-320.6' });
      // A second position gapping far past its margin loses exactly its margin.
      env.source.pin('XAUUSD', '4000.00', '4000.30');
      const q = dataOf(await u.place({ symbol: 'XAUUSD', lots: '0.01' }));
      await tick('XAUUSD', '3000', '3000.30');
      await u.expectClosed(q.id, 'stop_out', { profit: `-${q.margin}` });
      expect(Number(await u.balance())).toBeGreaterThanOrEqual(0);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a pending order fills at the first tick past its price; another is cancelled with its money back', async () => {
      env.source.pin('USDJPY', '150.000', '150.010');
      const u = await user('5000');
      const limit = await u.place({
        symbol: 'USDJPY',
        lots: '0.1',
        kind: 'buy_limit',
        price: '149.5',
        takeProfit: '151',
      });
      expect(limit.data).toMatchObject({ status: 'pending', side: 'buy', price: '149.5' });
      const stop = dataOf(await u.place({ symbol: 'USDJPY', lots: '0.1', kind: 'sell_stop', price: '149' }));
      const frozen = await u.balance('frozen');
      // Modify the pending price; then the ask falls through it in a gap.
      expect(
        (
          await u.call('10074', {
            id: String(dataOf(limit).id),
            price: '149.6',
            takeProfit: '151',
            requestId: randomUUID(),
          })
        ).data?.price,
      ).toBe('149.6');
      await tick('USDJPY', '149.390', '149.400');
      const filled = await u.order(dataOf(limit).id);
      expect(filled).toMatchObject({ status: 'open', openPrice: '149.4' });
      // The sell stop at 149 is not reached: cancelled, its margin and commission return.
      const cancelled = await u.call('10079', { id: String(stop.id), requestId: randomUUID() });
      expect(cancelled.data?.status).toBe('cancelled');
      // The fill re-priced the margin at its price and rate (docs/trading.md, "Re-pricing"):
      // 0.1 lot x 100,000 x 149.4 / 100 JPY at 1 / 149.395 (the mid) = 100.003347 USDT, rounded up.
      expect(filled.margin).toBe('100.003347');
      expect(await u.balance('frozen')).toBe(filled.margin);
      expect(dec(frozen).greaterThan(dec(filled.margin).plus(dec(stop.margin)))).toBe(true);
      // Take profit at 151 on the bid: (151 - 149.4) x 10,000 = 16,000 JPY, at 1 / 151.005 (the mid) USDT.
      await tick('USDJPY', '151.000', '151.010');
      const closed = await u.order(filled.id);
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '151' });
      expect(closed.profit).toBe('105.956756');
      const types = ((await u.call('10011', { size: '50' })).data?.list ?? []).map((r) => r.type);
      expect(types).toEqual(
        expect.arrayContaining(['trading_placement', 'trading_settlement', 'trading_cancellation']),
      );
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });
  });
}
