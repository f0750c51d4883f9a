/**
 * Rollups: every interval answers 500 candles where the history allows (500 hourly candles of a
 * stock index reach back months), and each candle is exactly the aggregate of the source's
 * minutes (intraday) or trading days (1D and coarser) of its bucket: after a first start's
 * backfill, and again after the clock moves on across bucket boundaries and the engine syncs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Candle, INTERVALS, type Interval, isIntraday } from '../../protocol/markets.ts';
import { trimNumeric } from '../../protocol/money.ts';
import type { Database } from '../../server/db/client.ts';
import { aggregate } from '../../server/modules/markets/candle-aggregation.ts';
import { DAY, MINUTE } from '../../server/modules/markets/durations.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { createSimulatedSource, type SimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { calendarOf, dayStart, tradingDayOf } from '../../server/modules/markets/trading-calendar.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';

// A Wednesday afternoon in New York: every market in the demo set is open.
const NOW = Date.UTC(2026, 10, 18, 18, 30, 20);
const DAILY_DAYS = 800;
const LIMIT = 500;
/** Crypto trades all day, forex on its own calendar, a stock index a few hours on weekdays. */
const SYMBOLS = ['BTCUSDT', 'EURUSD', 'SPX500'];

const normal = (c: Candle): Candle => ({
  time: c.time,
  open: trimNumeric(c.open),
  high: trimNumeric(c.high),
  low: trimNumeric(c.low),
  close: trimNumeric(c.close),
  volume: trimNumeric(c.volume),
});

/** The candles `interval` must show at `now`, computed from the source alone. */
function expected(source: SimulatedSource, symbol: string, interval: Interval, now: number, first: number) {
  const instrument = DEMO_INSTRUMENTS.find((i) => i.symbol === symbol);
  if (!instrument) throw new Error(symbol);
  const calendar = calendarOf(instrument.hours);
  const live = source.currentBar(symbol, now);
  const minuteEnd = Math.floor(now / MINUTE) * MINUTE;
  if (isIntraday(interval)) {
    const minutes = source.minuteBars(symbol, first, minuteEnd);
    return aggregate(live ? [...minutes, live] : minutes, interval, 'UTC').map(normal);
  }
  const today = dayStart(tradingDayOf(now, calendar), calendar);
  // The first start stored the days since NOW - DAILY_DAYS; later syncs add to them.
  const days = source.dailyBars(symbol, NOW - DAILY_DAYS * DAY, today);
  const minutes = source.minuteBars(symbol, today, minuteEnd);
  const todays = aggregate(live ? [...minutes, live] : minutes, '1D', calendar);
  return aggregate([...days, ...todays], interval, calendar)
    .slice(-LIMIT)
    .map(normal);
}

const target = DATABASE_TARGETS[0];

describe.skipIf(!target?.available)('candle rollups', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let engine: MarketEngine;
  let source: SimulatedSource;
  let clock = NOW;
  beforeAll(async () => {
    if (!target) throw new Error('no database');
    ({ database, dispose } = await target.create());
    await seedDemo(database);
    source = createSimulatedSource(
      DEMO_INSTRUMENTS.filter((i) => SYMBOLS.includes(i.symbol)),
      { seed: 'rollups' },
    );
    engine = new MarketEngine({
      database,
      source,
      now: () => clock,
      minuteBackfillDays: 1,
      dailyBackfillDays: DAILY_DAYS,
      rollupBackfillCandles: LIMIT,
    });
    await engine.syncCandles(clock);
  }, 300_000);
  afterAll(async () => {
    await dispose?.();
  });

  const check = async (now: number) => {
    for (const symbol of SYMBOLS) {
      const instrument = await engine.instrument(symbol);
      if (!instrument) throw new Error(`${symbol} not configured`);
      for (const interval of INTERVALS) {
        const candles = (await engine.candles(instrument, interval, undefined, LIMIT)).map(normal);
        const label = `${symbol} ${interval}`;
        // 500 of every intraday interval and of 1D; coarser ones as many as 800 days hold.
        if (isIntraday(interval) || interval === '1D') expect(candles.length, label).toBe(LIMIT);
        const first = candles[0]?.time ?? now;
        expect(candles, label).toEqual(expected(source, symbol, interval, now, first));
      }
    }
  };

  test('after a first start, every interval shows 500 candles that match the source', async () => {
    await check(NOW);
  }, 120_000);

  test('after the clock moves on across bucket and day boundaries, they still match', async () => {
    // 29 hours and 7 minutes later: new minutes, hours, a 4-hour bucket, a trading day.
    clock = NOW + 29 * 3_600_000 + 7 * MINUTE;
    await engine.syncCandles(clock);
    await check(clock);
  }, 120_000);
});
