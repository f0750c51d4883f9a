import { Decimal } from 'decimal.js';
import { describe, expect, test, vi } from 'vitest';
import type { Candle, Instrument } from '../../../protocol/markets.ts';
import { aggregate } from './candle-aggregation.ts';
import { DAY, HOUR, MINUTE } from './durations.ts';
import { createSimulatedSource } from './feed.ts';
import { DEMO_INSTRUMENTS, DEMO_SIMULATION } from './instruments.ts';
import { Model } from './simulated-model.ts';
import { calendarOf } from './trading-calendar.ts';

const ms = (text: string): number => Date.parse(text);
const source = (seed: string | number) => createSimulatedSource(DEMO_INSTRUMENTS, { seed });

function instrument(symbol: string): Instrument {
  const found = DEMO_INSTRUMENTS.find((i) => i.symbol === symbol);
  if (!found) throw new Error(`no ${symbol}`);
  return found;
}

// A Wednesday when every demo market is open at some point, and the week around it.
const WEDNESDAY = ms('2026-03-11T14:37:12.345Z');
const SAMPLE_TIMES = [0, 1, 59, 61, 3_599, 86_399, 300_000].map((s) => WEDNESDAY + s * 1000);

function atPrecision(value: string, precision: number): boolean {
  const pattern = precision === 0 ? /^[0-9]+$/ : new RegExp(`^[0-9]+\\.[0-9]{${precision}}$`);
  return pattern.test(value) && Number(value) > 0;
}

/** The bars breaking a rule: prices at precision and positive, high and low around open and close. */
function inconsistent(bars: readonly Candle[], precision: number): Candle[] {
  return bars.filter(
    (bar) =>
      ![bar.open, bar.high, bar.low, bar.close].every((price) => atPrecision(price, precision)) ||
      Number(bar.high) < Math.max(Number(bar.open), Number(bar.close)) ||
      Number(bar.low) > Math.min(Number(bar.open), Number(bar.close)) ||
      !(Number(bar.volume) > 0),
  );
}

describe('the simulated feed is a pure function of (seed, symbol, time)', () => {
  test('same seed, same prices, in whatever order and however often they are asked', () => {
    const first = source('demo');
    const second = source('demo');
    // Warm the second source's caches with other days first, then ask backwards.
    second.dailyBars('BTCUSDT', ms('2024-01-01T00:00:00Z'), ms('2024-03-01T00:00:00Z'));
    second.minuteBars('EURUSD', WEDNESDAY + 3 * DAY, WEDNESDAY + 4 * DAY);
    const forward = DEMO_INSTRUMENTS.flatMap((i) => SAMPLE_TIMES.map((t) => first.tickAt(i.symbol, t)));
    const backward = [...DEMO_INSTRUMENTS]
      .reverse()
      .flatMap((i) => [...SAMPLE_TIMES].reverse().map((t) => second.tickAt(i.symbol, t)))
      .reverse();
    expect(backward).toEqual(forward);
    expect(second.tickAt('ETHUSDT', WEDNESDAY)).toEqual(first.tickAt('ETHUSDT', WEDNESDAY));

    const range = [WEDNESDAY - 2 * HOUR, WEDNESDAY] as const;
    expect(second.minuteBars('XAUUSD', ...range)).toEqual(first.minuteBars('XAUUSD', ...range));
    const late = second.minuteBars('SOLUSDT', WEDNESDAY - HOUR, WEDNESDAY);
    const early = second.minuteBars('SOLUSDT', WEDNESDAY - 2 * HOUR, WEDNESDAY - HOUR);
    expect([...early, ...late]).toEqual(first.minuteBars('SOLUSDT', WEDNESDAY - 2 * HOUR, WEDNESDAY));
    const days = [ms('2023-06-01T00:00:00Z'), ms('2023-07-01T00:00:00Z')] as const;
    expect(second.dailyBars('NAS100', ...days)).toEqual(first.dailyBars('NAS100', ...days));
    // A numeric seed is its decimal text.
    expect(source(7).tickAt('GBPUSD', WEDNESDAY)).toEqual(source('7').tickAt('GBPUSD', WEDNESDAY));
  });

  test('a different seed gives different prices', () => {
    const a = source('demo');
    const b = source('other');
    const differing = DEMO_INSTRUMENTS.filter(
      (i) => a.tickAt(i.symbol, WEDNESDAY).last !== b.tickAt(i.symbol, WEDNESDAY).last,
    );
    expect(differing.length).toBeGreaterThanOrEqual(DEMO_INSTRUMENTS.length - 1);
  });

  test('prices far from the anchor date need no minute-by-minute history', () => {
    // Counted, not timed: a far date walks daily closes to its day and the minutes of that one
    // session only (a wall-clock bound here failed on a slow CI host at 1,027 ms).
    const walks = vi.spyOn(Model.prototype as unknown as { walk(path: unknown): void }, 'walk');
    try {
      const feed = source('demo');
      expect(atPrecision(feed.tickAt('BTCUSDT', ms('1985-06-03T12:00:00Z')).last, 2)).toBe(true);
      expect(atPrecision(feed.tickAt('EURUSD', ms('2150-06-03T12:00:00Z')).last, 5)).toBe(true);
      expect(walks).toHaveBeenCalledTimes(2);
    } finally {
      walks.mockRestore();
    }
  });
});

describe('quotes', () => {
  test('every instrument quotes at its precision, positive, with ask - bid equal to its spread', () => {
    const feed = source('demo');
    for (const i of DEMO_INSTRUMENTS) {
      for (const t of SAMPLE_TIMES) {
        const quote = feed.tickAt(i.symbol, t);
        expect(quote.symbol).toBe(i.symbol);
        for (const price of [quote.bid, quote.ask, quote.last])
          expect(atPrecision(price, i.precision)).toBe(true);
        expect(new Decimal(quote.ask).minus(quote.bid).equals(i.spread)).toBe(true);
        expect(Number(quote.bid)).toBeLessThan(Number(quote.ask));
        expect(Number(quote.last)).toBeGreaterThanOrEqual(Number(quote.bid));
        expect(Number(quote.last)).toBeLessThanOrEqual(Number(quote.ask));
        // last is the mid: bid and ask sit half a spread either side (to one unit when it is odd).
        const offCentre = new Decimal(quote.bid)
          .plus(quote.ask)
          .minus(new Decimal(quote.last).times(2))
          .abs();
        expect(offCentre.lte(new Decimal(10).pow(-i.precision))).toBe(true);
        expect(quote.at).toBeLessThanOrEqual(t);
        expect(quote.open).toBe(feed.isOpen(i.symbol, t));
      }
    }
  });

  test('a closed market stays flat at its last price and says so', () => {
    const feed = source('demo');
    for (const symbol of ['SPX500', 'EURUSD', 'UKOIL']) {
      // Friday evening to Sunday morning (New York) every one of them is closed.
      const weekend = [ms('2026-03-07T02:00:00Z'), ms('2026-03-07T15:00:00Z'), ms('2026-03-08T12:00:00Z')];
      const quotes = weekend.map((t) => feed.tickAt(symbol, t));
      expect(quotes.every((q) => !q.open)).toBe(true);
      expect(new Set(quotes.map((q) => `${q.bid}/${q.ask}/${q.last}/${q.at}`)).size).toBe(1);
      expect(feed.minuteBars(symbol, ms('2026-03-07T02:00:00Z'), ms('2026-03-08T12:00:00Z'))).toEqual([]);
      expect(feed.currentBar(symbol, ms('2026-03-07T15:00:00Z'))).toBeNull();
      const friday = feed.minuteBars(symbol, ms('2026-03-06T00:00:00Z'), ms('2026-03-07T02:00:00Z'));
      const lastBar = friday.at(-1);
      expect(lastBar && quotes[0]?.last).toBe(lastBar?.close);
      expect(quotes[0]?.at).toBe((lastBar?.time ?? 0) + 59_000);
      // No gap: the first bar of the next session opens where the last one closed.
      const monday = feed.minuteBars(symbol, ms('2026-03-08T12:00:00Z'), ms('2026-03-10T00:00:00Z'));
      expect(monday[0]?.open).toBe(lastBar?.close);
    }
    expect(feed.tickAt('BTCUSDT', ms('2026-03-07T15:00:00Z')).open).toBe(true);
  });

  test('the 60 ticks of a minute make its bar, and the bar in progress grows into it', () => {
    const feed = source('demo');
    for (const i of DEMO_INSTRUMENTS) {
      const [bar] = feed.minuteBars(i.symbol, WEDNESDAY - DAY, WEDNESDAY).slice(97, 98);
      if (!bar) throw new Error(`no bar for ${i.symbol}`);
      const ticks = Array.from({ length: 60 }, (_, s) => feed.tickAt(i.symbol, bar.time + s * 1000 + 999));
      const last = ticks.map((t) => Number(t.last));
      expect(ticks.every((t) => t.open && t.at >= bar.time && t.at < bar.time + MINUTE)).toBe(true);
      expect(ticks[0]?.last).toBe(bar.open);
      expect(ticks[59]?.last).toBe(bar.close);
      expect(Math.max(...last)).toBe(Number(bar.high));
      expect(Math.min(...last)).toBe(Number(bar.low));
      expect(feed.currentBar(i.symbol, bar.time + 59_999)).toEqual(bar);
      const partial = feed.currentBar(i.symbol, bar.time + 20_500);
      expect(partial?.open).toBe(bar.open);
      expect(partial?.close).toBe(ticks[20]?.last);
      expect(Number(partial?.volume)).toBeLessThanOrEqual(Number(bar.volume));
    }
  });
});

describe('bars', () => {
  test('every minute bar and daily bar is consistent and at precision', () => {
    const feed = source('demo');
    for (const i of DEMO_INSTRUMENTS) {
      const minutes = feed.minuteBars(i.symbol, WEDNESDAY - 2 * DAY, WEDNESDAY + DAY);
      expect(minutes.length).toBeGreaterThan(300);
      expect(inconsistent(minutes, i.precision)).toEqual([]);
      expect(minutes.filter((bar, k) => k > 0 && bar.time - (minutes[k - 1]?.time ?? 0) < MINUTE)).toEqual(
        [],
      );
      const daily = feed.dailyBars(i.symbol, ms('2025-12-01T00:00:00Z'), ms('2026-03-01T00:00:00Z'));
      expect(daily.length).toBeGreaterThan(50);
      expect(inconsistent(daily, i.precision)).toEqual([]);
      expect(daily.filter((bar, k) => k > 0 && bar.open !== daily[k - 1]?.close)).toEqual([]);
    }
  });

  test('daily bars are the minute bars of their trading day, across daylight-saving changes', () => {
    const feed = source('demo');
    const weeks: [string, string, string][] = [
      ['EURUSD', '2026-03-06T00:00:00Z', '2026-03-12T00:00:00Z'],
      ['UKOIL', '2026-03-26T00:00:00Z', '2026-04-01T00:00:00Z'],
      ['SPX500', '2026-10-29T00:00:00Z', '2026-11-04T00:00:00Z'],
      ['BTCUSDT', '2026-03-28T00:00:00Z', '2026-03-31T00:00:00Z'],
    ];
    for (const [symbol, from, to] of weeks) {
      const daily = feed.dailyBars(symbol, ms(from), ms(to));
      const first = daily[0]?.time ?? 0;
      const end = daily.at(-1)?.time ?? 0;
      const minutes = feed.minuteBars(symbol, first, end);
      const calendar = calendarOf(instrument(symbol).hours);
      expect(daily.length).toBeGreaterThanOrEqual(3);
      expect(aggregate(minutes, '1D', calendar)).toEqual(daily.slice(0, -1));
    }
  });

  test('volatility: annualized stdev of daily log returns near the configured one', () => {
    const feed = source('demo');
    for (const symbol of ['BTCUSDT', 'EURUSD', 'XAUUSD', 'SPX500']) {
      const daily = feed.dailyBars(symbol, ms('2023-01-01T00:00:00Z'), ms('2026-01-01T00:00:00Z'));
      const returns = daily.slice(1).map((bar, k) => Math.log(Number(bar.close) / Number(daily[k]?.close)));
      const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
      const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
      const annualized = Math.sqrt(variance * (daily.length / 3));
      const configured = DEMO_SIMULATION[symbol]?.volatility ?? 0;
      expect(annualized).toBeGreaterThan(configured / 1.5);
      expect(annualized).toBeLessThan(configured * 1.5);
    }
  });
});
