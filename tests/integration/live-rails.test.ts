/**
 * The guard rails of a live feed through the whole server (docs/markets.md, "Guard rails"), with
 * BTCUSDT bound to an exchange feed and fed parsed book tickers directly (the streams are tested
 * against local servers elsewhere): a feed gone quiet halts the instrument (an order, a trigger and
 * an exchange quote all refused, the quote saying since when) until fresh prices resume it; a
 * single wild print fires no stop-out; the screens' simulated notice and the operator's pins
 * follow the instrument.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { createSimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { LiveSource } from '../../server/modules/markets/live/live-source.ts';
import { pricesAt } from '../../server/modules/trading/prices.ts';
import { runTriggers } from '../../server/modules/trading/trading.job.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { useMarketApp } from '../helpers/seeded-app.ts';
import { fundedWallet } from '../helpers/wallets.ts';

const STALE_MS = 1_500;

function liveSource() {
  return new LiveSource({
    instruments: DEMO_INSTRUMENTS,
    bindings: new Map([
      [
        'BTCUSDT',
        {
          feed: { kind: 'binance', remote: 'BTCUSDT' },
          markup: '0',
          staleAfterMs: STALE_MS,
          maxJumpPercent: '5',
        },
      ],
    ]),
    fallback: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'rails' }),
    binance: { streamBase: 'ws://127.0.0.1:1', restBase: 'http://127.0.0.1:1' },
    pyth: { base: 'http://127.0.0.1:1', apiKey: null },
  });
}

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`live feed guard rails on ${target.name}`, () => {
    const env = useMarketApp(target, liveSource());
    let seq = 0;
    const book = (bid: string, ask: string) =>
      env.source.onExchange({ kind: 'book', symbol: 'BTCUSDT', updateId: ++seq, bid, ask }, Date.now());
    const triggers = async () =>
      runTriggers(env.database, await pricesAt(env.engine, Date.now()), Date.now(), (id, error) => {
        throw new Error(`order ${id} not settled: ${(error as Error).message}`);
      });
    const place = (call: Awaited<ReturnType<typeof fundedWallet>>['call'], fields: Record<string, string>) =>
      call('10073', { symbol: 'BTCUSDT', side: 'buy', lots: '0.01', requestId: randomUUID(), ...fields });

    test('stale: halted, with an order, a trigger and a quote refused; fresh prices resume it', async () => {
      const u = await fundedWallet(env, { USDT: '5000' });
      book('95000', '95001');
      const position = await place(u.call, { kind: 'market', takeProfit: '95500' });
      expect(position.respCode, position.respMsg).toBe('00000');
      const status = async () => dataOf(await u.call('10082', { id: String(dataOf(position).id) })).status;
      // The price passes the take profit, and then the feed goes quiet before any trigger ran.
      book('95600', '95601');
      await new Promise((r) => setTimeout(r, STALE_MS + 100));

      const details = dataOf(await caller(env.app)('10071', { symbol: 'BTCUSDT' }));
      expect(details.quote.open).toBe(false);
      expect(details.quote.delayedSince).toBeGreaterThan(0);
      expect((await place(u.call, { kind: 'market' })).respCode).toBe(ERRORS.trading_not_open.code);
      expect((await caller(env.app)('10030', { pair: 'USDT_BTC', amount: '100' })).respCode).toBe(
        ERRORS.exchange_pair_unavailable.code,
      );
      // The operator sees it: where the prices come from, halted, since when.
      await env.engine.recordStatus();
      const report = await directAdmin(env)('markets', 'status');
      expect(report.text).toMatch(/^BTCUSDT +binance:BTCUSDT +halted +last tick \d+ s ago, delayed since /m);
      expect(report.text).toMatch(/^ETHUSDT +simulated +live /m);
      expect(report.text).toMatch(/recorded 0 s ago by the market producer$/);
      // No trigger at the old price while halted.
      await triggers();
      expect(await status()).toBe('open');

      book('95602', '95603');
      const resumed = dataOf(await caller(env.app)('10071', { symbol: 'BTCUSDT' }));
      expect(resumed.quote).toMatchObject({ open: true, bid: '95602' });
      expect(resumed.quote.delayedSince).toBeUndefined();
      expect((await place(u.call, { kind: 'market' })).respCode).toBe('00000');
      await triggers();
      expect(await status()).toBe('closed');
    });

    test('a single wild print is no price: no stop-out, and the quote stays', async () => {
      const u = await fundedWallet(env, { USDT: '5000' });
      book('95000', '95001');
      const opened = await place(u.call, { kind: 'market', stopLoss: '94000' });
      expect(opened.respCode, opened.respMsg).toBe('00000');
      book('9000', '9001');
      await triggers();
      expect(dataOf(await u.call('10082', { id: String(dataOf(opened).id) })).status).toBe('open');
      expect(env.engine.quote('BTCUSDT').bid).toBe('95000');
      book('95001', '95002');
      expect(env.engine.quote('BTCUSDT').bid).toBe('95001');
    });

    test('the simulated notice follows the instrument', async () => {
      const anonymous = caller(env.app);
      expect(dataOf(await anonymous('10071', { symbol: 'BTCUSDT' })).simulated).toBe(false);
      expect(dataOf(await anonymous('10071', { symbol: 'ETHUSDT' })).simulated).toBe(true);
    });

    test('an operator pin holds on a simulated instrument, never on a live one', async () => {
      const admin = directAdmin(env);
      book('95000', '95001');
      expect((await admin('markets', 'pin', 'ETHUSDT', '--bid', '100', '--ask', '101')).ok).toBe(true);
      expect((await admin('markets', 'pin', 'BTCUSDT', '--bid', '1', '--ask', '2')).ok).toBe(true);
      await env.engine.loadPins();
      expect(env.engine.quote('ETHUSDT').bid).toBe('100');
      expect(env.engine.quote('BTCUSDT').bid).toBe('95000');
      await admin('markets', 'unpin', 'ETHUSDT');
      await admin('markets', 'unpin', 'BTCUSDT');
      await env.engine.loadPins();
    });
  });
}
