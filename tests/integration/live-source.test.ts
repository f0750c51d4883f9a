/**
 * The live source end to end against local servers that speak the exchange's and the oracle's
 * documented protocols: one connection to each upstream for all bound instruments, quotes that
 * follow them, history backfilled from the exchange's REST klines (paged), a gap while the
 * connection was down filled in the candles but never in the quote, and nothing left open after stop.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { type LiveBinding, LiveSource } from '../../server/modules/markets/live/live-source.ts';
import { upsertInstrument } from '../../server/modules/markets/markets.repository.ts';
import { candles1m } from '../../server/modules/markets/markets.schema.ts';
import { type ExchangeFixture, type KlineRow, startExchangeFixture } from '../helpers/fixture-exchange.ts';
import { type HermesFixture, startHermesFixture } from '../helpers/fixture-hermes.ts';
import { until } from '../helpers/until.ts';

const XAU = '765d2ba906dbc32ca17cc11f5310a89e9ee1f6420508c63861f2f8ba4ee34bb2';
let exchange: ExchangeFixture;
let hermes: HermesFixture;
let live: LiveSource | null = null;

beforeEach(async () => {
  [exchange, hermes] = await Promise.all([startExchangeFixture(), startHermesFixture()]);
});
afterEach(async () => {
  live?.stop();
  live = null;
  await Promise.all([exchange.close(), hermes.close()]);
});

const rules = { staleAfterMs: 60_000, maxJumpPercent: '10' };
const bindings = new Map<string, LiveBinding>([
  ['BTCUSDT', { feed: { kind: 'binance', remote: 'BTCUSDT' }, markup: '0', ...rules }],
  ['ETHUSDT', { feed: { kind: 'binance', remote: 'ETHUSDT' }, markup: '0', ...rules }],
  ['XAUUSD', { feed: { kind: 'pyth', id: XAU }, markup: '0', ...rules }],
]);

function startLive(now = Date.now): LiveSource {
  live = new LiveSource({
    instruments: DEMO_INSTRUMENTS,
    bindings,
    fallback: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'live-it' }),
    binance: { streamBase: exchange.base, restBase: exchange.rest },
    pyth: { base: hermes.base, apiKey: null },
    log: () => undefined,
    keep: { backoff: { baseMs: 20, maxMs: 80 } },
    now,
  });
  live.start();
  return live;
}

test('one connection per upstream carries every bound instrument, and the quotes follow it', async () => {
  const source = startLive();
  await until(() => exchange.open() === 1 && hermes.streams() === 1);
  expect(exchange.paths).toEqual([
    '/stream?streams=btcusdt@bookTicker/btcusdt@aggTrade/ethusdt@bookTicker/ethusdt@aggTrade',
  ]);
  expect(hermes.requests[0]?.url).toBe(`/v2/updates/price/stream?ids[]=${XAU}&parsed=true`);
  exchange.send('ethusdt@bookTicker', { u: 5, s: 'ETHUSDT', b: '3300.10', B: '1', a: '3300.20', A: '1' });
  hermes.push([
    {
      id: XAU,
      price: { price: '400012345', conf: '20000', expo: -5, publish_time: 1_764_300_000 },
      ema_price: { price: '400012345', conf: '20000', expo: -5, publish_time: 1_764_300_000 },
    },
  ]);
  await until(
    () =>
      source.tickAt('ETHUSDT', Date.now()).bid === '3300.1' &&
      source.tickAt('XAUUSD', Date.now()).last !== '0',
  );
  expect(source.tickAt('XAUUSD', Date.now())).toMatchObject({
    bid: '3999.92',
    ask: '4000.33',
    last: '4000.12',
  });
  source.stop();
  await until(() => exchange.open() === 0 && hermes.streams() === 0);
});

test('history comes from the exchange klines, page after page, and only whole minutes', async () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 30);
  const minute = now - 30_000;
  const start = minute - 1_500 * 60_000;
  const rows: KlineRow[] = [];
  for (let t = start; t < now; t += 60_000)
    rows.push([t, '95000.00', '95010.00', '94990.00', '95005.00', '1.5', t + 59_999, '1', 1, '1', '1', '0']);
  exchange.klines.set('BTCUSDT 1m', rows);
  const source = startLive(() => now);
  const bars = await source.minuteBars('BTCUSDT', start, now);
  // 1,500 minutes in two requests of at most 1,000; the minute in progress is not history yet.
  expect(bars).toHaveLength(1_500);
  expect(bars[0]).toEqual({
    time: start,
    open: '95000.00',
    high: '95010.00',
    low: '94990.00',
    close: '95005.00',
    volume: '1.5',
  });
  expect(bars.at(-1)?.time).toBe(minute - 60_000);
  expect(await source.minuteBars('SOLUSDT', start, start + 5 * 60_000)).toHaveLength(5);
});

test('a gap while the connection was down is filled in the candles from the klines, never in the quote', async () => {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  try {
    await database.migrate();
    const btc = DEMO_INSTRUMENTS.find((i) => i.symbol === 'BTCUSDT');
    if (!btc) throw new Error('no BTCUSDT in the demo set');
    await upsertInstrument(database.db, btc, 0);
    const source = startLive();
    await until(() => exchange.open() === 1);
    exchange.send('btcusdt@bookTicker', { u: 1, s: 'BTCUSDT', b: '95000.00', B: '1', a: '95001.00', A: '1' });
    await until(() => source.tickAt('BTCUSDT', Date.now()).bid === '95000');
    // The connection drops; while it is down the market dipped to 80,000 and came back.
    exchange.dropAll();
    const thisMinute = Math.floor(Date.now() / 60_000) * 60_000;
    const gap = [3, 2, 1].map((n) => thisMinute - n * 60_000);
    exchange.klines.set(
      'BTCUSDT 1m',
      gap.map(
        (t): KlineRow => [
          t,
          '95000.00',
          '95010.00',
          '80000.00',
          '95005.00',
          '2',
          t + 59_999,
          '1',
          1,
          '1',
          '1',
          '0',
        ],
      ),
    );
    await until(() => exchange.paths.length === 2 && exchange.open() === 1);
    const engine = new MarketEngine({ database, source, minuteBackfillDays: 1, dailyBackfillDays: 1 });
    await engine.syncCandles();
    const rows = await database.db.select().from(candles1m).where(eq(candles1m.symbol, 'BTCUSDT'));
    const stored = rows.filter((r) => gap.includes(r.time));
    expect(stored.map((r) => [r.time, Number(r.low)])).toEqual(gap.map((t) => [t, 80_000]));
    // The quote is what the stream last said: the dip is history, no trigger ever sees it.
    expect(source.tickAt('BTCUSDT', Date.now())).toMatchObject({ bid: '95000', ask: '95001', open: true });
  } finally {
    await database.close();
  }
});
