/**
 * The market data engine through the API on PGlite and PostgreSQL: market lists, candles of every
 * interval consistent with the stored minutes, quotes, the advisory lock, and the tick stream.
 */
import { Decimal } from 'decimal.js';
import { count, eq, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { type Candle, INTERVALS } from '../../protocol/markets.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import type { Database } from '../../server/db/client.ts';
import { openDatabase } from '../../server/db/client.ts';
import {
  MARKET_LOCK_KEY,
  MarketEngine,
  type MarketEngineOptions,
} from '../../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { candleWindow, lastCandles } from '../../server/modules/markets/markets.repository.ts';
import { candles1d, candles1m } from '../../server/modules/markets/markets.schema.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { buildTestApp, caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { withSeededDatabase } from '../helpers/seeded-app.ts';

// A Wednesday afternoon in New York: every market in the demo set is open.
const NOW = Date.UTC(2026, 10, 18, 18, 30, 20);

/** A market engine over the simulated demo feed (seed 'test') on `database`. */
const simulatedEngine = (
  database: Database,
  options: Omit<MarketEngineOptions, 'database' | 'source'> = {},
) =>
  new MarketEngine({
    database,
    source: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'test' }),
    ...options,
  });

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`markets on ${target.name}`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    let engine: MarketEngine;
    let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

    beforeAll(async () => {
      ({ database, dispose } = await target.create());
      await seedDemo(database);
      engine = simulatedEngine(database, {
        now: () => NOW,
        minuteBackfillDays: 1,
        dailyBackfillDays: 400,
      });
      await engine.syncCandles(NOW);
      ({ app } = await buildTestApp(database, { markets: engine }));
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await dispose?.();
    });

    test('market lists per category, popular ones first-class', async () => {
      const call = caller(app);
      const popular = dataOf(await call('10068'));
      expect(popular.map((r) => r.symbol)).toEqual(
        DEMO_INSTRUMENTS.filter((i) => i.popular).map((i) => i.symbol),
      );
      const crypto = dataOf(await call('10068', { category: 'crypto' }));
      expect(crypto.map((r) => r.symbol)).toEqual([
        'BTCUSDT',
        'ETHUSDT',
        'BNBUSDT',
        'SOLUSDT',
        'TRXUSDT',
        'LTCUSDT',
        'DOGEUSDT',
        'KASUSDT',
      ]);
      for (const row of [...popular, ...crypto]) {
        expect(Number(row.high24h)).toBeGreaterThanOrEqual(Number(row.low24h));
        expect(Number(row.last)).toBeLessThanOrEqual(Number(row.high24h));
        expect(row.sparkline.length).toBeGreaterThan(10);
        expect(row.open).toBe(true);
      }
      const bad = await call('10068', { category: 'stocks' });
      expect(bad.respCode).toBe(ERRORS.field_invalid.code);
    });

    test("a list row's day is the newest stored minutes, summed up by the database as they read", async () => {
      const rows = dataOf(await caller(app)('10068', { category: 'crypto' }));
      for (const row of rows) {
        const minutes = await lastCandles(database.db, candles1m, row.symbol, 24 * 60);
        // A day of backfill: 1,439 closed minutes and more; the list reads at most 1,440.
        expect(minutes.length).toBeGreaterThan(24 * 60 - 2);
        const step = Math.floor(minutes.length / 24);
        const precision = DEMO_INSTRUMENTS.find((i) => i.symbol === row.symbol)?.precision ?? 0;
        const last = new Decimal(row.last);
        const open = new Decimal(minutes[0]?.open ?? row.last);
        const highs = [...minutes.map((c) => new Decimal(c.high)), last];
        const lows = [...minutes.map((c) => new Decimal(c.low)), last];
        expect(row.high24h).toBe(Decimal.max(...highs).toFixed(precision));
        expect(row.low24h).toBe(Decimal.min(...lows).toFixed(precision));
        expect(row.change24h).toBe(last.minus(open).toFixed(precision));
        expect(row.sparkline).toEqual(
          [...minutes.filter((_, i) => i % step === 0).map((c) => c.close), row.last].slice(-25),
        );
      }
      // Fewer minutes than points: every one of them, each as stored.
      const few = await lastCandles(database.db, candles1m, 'BTCUSDT', 7);
      const window = await candleWindow(database.db, 'BTCUSDT', 7, 24);
      expect(window).toEqual({
        count: 7,
        open: few[0]?.open,
        high: Decimal.max(...few.map((c) => c.high)).toString(),
        low: Decimal.min(...few.map((c) => c.low)).toString(),
        closes: few.map((c) => c.close),
      });
      expect(await candleWindow(database.db, 'NOSUCH', 1440, 24)).toEqual({
        count: 0,
        open: null,
        high: null,
        low: null,
        closes: [],
      });
    });

    test('every interval answers candles oldest first with consistent OHLC', async () => {
      for (const interval of INTERVALS) {
        const candles = dataOf(await caller(app)('10069', { symbol: 'BTCUSDT', interval, limit: '50' }));
        expect(candles.length, interval).toBeGreaterThan(0);
        expect(candles.length, interval).toBeLessThanOrEqual(50);
        for (let i = 0; i < candles.length; i += 1) {
          const c = candles[i] as Candle;
          expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
          expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
          if (i > 0) expect(c.time, interval).toBeGreaterThan((candles[i - 1] as Candle).time);
        }
      }
    });

    test('an hourly candle is exactly the aggregate of the source minutes of that hour', async () => {
      const candles = dataOf(await caller(app)('10069', { symbol: 'ETHUSDT', interval: '1h', limit: '5' }));
      const hour = candles.at(-2) as Candle;
      const minutes = engine.source.minuteBars('ETHUSDT', hour.time, hour.time + 3_600_000) as Candle[];
      expect(hour.open).toBe(String(Number((minutes[0] as Candle).open)));
      expect(Number(hour.high)).toBe(Math.max(...minutes.map((m) => Number(m.high))));
      expect(Number(hour.low)).toBe(Math.min(...minutes.map((m) => Number(m.low))));
      expect(Number(hour.close)).toBe(Number((minutes.at(-1) as Candle).close));
    });

    test('quotes carry bid, ask and the simulated flag; unknown symbols are not found', async () => {
      const call = caller(app);
      const details = dataOf(await call('10071', { symbol: 'EURUSD' }));
      expect(details.simulated).toBe(true);
      expect(Number(details.quote.ask)).toBeGreaterThan(Number(details.quote.bid));
      expect(details.instrument).toMatchObject({ symbol: 'EURUSD', category: 'forex' });
      expect((await call('10071', { symbol: 'NOPE' })).respCode).toBe(ERRORS.not_found.code);
      expect((await call('10069', { symbol: 'BTCUSDT', interval: '2h' })).respCode).toBe(
        ERRORS.field_invalid.code,
      );
    });

    test('syncing again stores nothing twice', async () => {
      const countOf = async () =>
        (await database.db.select({ n: count() }).from(candles1m).where(eq(candles1m.symbol, 'BTCUSDT')))[0]
          ?.n;
      const before = await countOf();
      await engine.syncCandles(NOW);
      expect(await countOf()).toBe(before);
      await engine.syncCandles(NOW + 120_000);
      expect(await countOf()).toBe((before ?? 0) + 2);
    });

    test("an operator's pin holds from the engine's start: the first run of the jobs sees it", async () => {
      const pinned = await runAdminCommand(
        {
          argv: ['markets', 'pin', 'XAUUSD', '--bid', '1234.5', '--ask', '1235', '--reason', 'test'],
          actor: 'ops',
        },
        { database, via: 'direct' },
      );
      expect(pinned.ok, pinned.text).toBe(true);
      // A process that starts (or restarts) now: no second of waiting for the pins to load.
      const fresh = simulatedEngine(database, {
        now: () => NOW,
        minuteBackfillDays: 1,
        dailyBackfillDays: 400,
      });
      const quiet = { info: () => {}, error: () => {} };
      await fresh.start(quiet);
      try {
        expect(fresh.quote('XAUUSD')).toMatchObject({ bid: '1234.5', ask: '1235' });
      } finally {
        await fresh.stop();
        await runAdminCommand(
          { argv: ['markets', 'unpin', 'XAUUSD', '--reason', 'test'], actor: 'ops' },
          { database, via: 'direct' },
        );
      }
    });

    test('one process per deployment holds the candle writer lock', async () => {
      const first = await database.tryAdvisoryLock(MARKET_LOCK_KEY);
      expect(first.acquired).toBe(true);
      if (target.name === 'postgres') {
        const url = (database as Database & { location: string }).location;
        const other = await openDatabase({ databaseUrl: `postgres://postgres@${url}`, pgliteDir: null });
        const second = await other.tryAdvisoryLock(MARKET_LOCK_KEY);
        expect(second.acquired).toBe(false);
        await first.release();
        const third = await other.tryAdvisoryLock(MARKET_LOCK_KEY);
        expect(third.acquired).toBe(true);
        await third.release();
        await other.close();
      } else {
        await first.release();
      }
    });
  });
}

describe('the tick stream', () => {
  test('sends ticks for the symbols asked, and replays what a reconnecting client missed', async () => {
    await withSeededDatabase(async (database) => {
      const engine = simulatedEngine(database);
      const { app } = await buildTestApp(database, { markets: engine });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        const missing = await fetch(`http://127.0.0.1:${port}/adc/stream/ticks?symbols=NOPE`);
        expect(missing.status).toBe(400);
        const controller = new AbortController();
        const response = await fetch(`http://127.0.0.1:${port}/adc/stream/ticks?symbols=BTCUSDT`, {
          headers: { 'last-event-id': String(Date.now() - 5_000) },
          signal: controller.signal,
        });
        expect(response.headers.get('content-type')).toContain('text/event-stream');
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        const deadline = Date.now() + 5_000;
        const timer = setInterval(() => void engine.publishTicks(), 200);
        while (Date.now() < deadline && (text.match(/event: tick/g) ?? []).length < 7) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
        clearInterval(timer);
        controller.abort();
        const ticks = text.match(/event: tick/g) ?? [];
        // About five replayed seconds arrive at once, then live ones.
        expect(ticks.length).toBeGreaterThanOrEqual(7);
        expect(text).toContain('"symbol":"BTCUSDT"');
        expect(text).not.toContain('ETHUSDT');
      } finally {
        await engine.stop();
        await app.close();
      }
    });
  });
});

describe('candles of a closed market', () => {
  test('count back from the last trading minute, not from the empty weekend', async () => {
    await withSeededDatabase(async (database) => {
      // Saturday noon in New York: forex has been closed since Friday 17:00.
      const saturday = Date.UTC(2026, 10, 21, 17, 0, 0);
      const engine = simulatedEngine(database, {
        now: () => saturday,
        minuteBackfillDays: 2,
        dailyBackfillDays: 60,
      });
      await engine.syncCandles(saturday);
      const { app } = await buildTestApp(database, { markets: engine });
      const candles = dataOf(await caller(app)('10069', { symbol: 'EURUSD', interval: '1m', limit: '120' }));
      expect(candles).toHaveLength(120);
      expect((candles.at(-1) as Candle).time).toBe(Date.UTC(2026, 10, 20, 21, 59, 0));
      await app.close();
    });
  });
});

describe('1-minute candle retention', () => {
  test('minutes older than the retention are deleted; daily history stays', async () => {
    await withSeededDatabase(async (database) => {
      const engine = simulatedEngine(database, {
        minuteBackfillDays: 1,
        dailyBackfillDays: 10,
        minuteRetentionDays: 1,
      });
      await engine.syncCandles(NOW);
      const oldest = async () =>
        (
          await database.db
            .select({ t: min(candles1m.time) })
            .from(candles1m)
            .where(eq(candles1m.symbol, 'BTCUSDT'))
        )[0]?.t ?? 0;
      expect(await oldest()).toBeGreaterThanOrEqual(NOW - 86_400_000);
      await engine.syncCandles(NOW + 6 * 3_600_000);
      expect(await oldest()).toBeGreaterThanOrEqual(NOW + 6 * 3_600_000 - 86_400_000);
      const days = await database.db
        .select({ n: count() })
        .from(candles1d)
        .where(eq(candles1d.symbol, 'BTCUSDT'));
      expect(days[0]?.n).toBeGreaterThan(5);
    });
  });
});
