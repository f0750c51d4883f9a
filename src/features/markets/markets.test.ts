import { describe, expect, test } from 'vitest';
import type { Candle, MarketRow, Quote } from '../../../protocol/markets.ts';
import { applyTick, averageLine, prependCandles } from './candles.ts';
import { formatChange, formatPercent, formatPrice, sparklinePoints } from './model.ts';
import { applyQuote, changeAgainst } from './quote-math.ts';

const candle = (time: number, o: string, h: string, l: string, c: string, volume = '1'): Candle => ({
  time,
  open: o,
  high: h,
  low: l,
  close: c,
  volume,
});
const quote = (last: string, at: number, symbol = 'BTCUSDT'): Quote => ({
  symbol,
  bid: last,
  ask: last,
  last,
  at,
  open: true,
});

describe('market display rules', () => {
  test('prices at the instrument precision with separators; percentages signed', () => {
    expect(formatPrice('104321.5', 2)).toBe('104,321.50');
    expect(formatPrice('1.1676', 5)).toBe('1.16760');
    expect(formatPrice(undefined, 2)).toBe('--');
    expect(formatPercent('6.333')).toBe('+6.33%');
    expect(formatPercent('-0.5')).toBe('-0.50%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatChange('3542.3', 2)).toBe('+3,542.30');
    expect(formatChange('-0.0001', 5)).toBe('-0.00010');
  });

  test('a tick moves the last price and the 24-hour change exactly', () => {
    expect(changeAgainst({ last: '110', change24h: '10' }, '105')).toEqual({ change: '5', percent: '5' });
    expect(changeAgainst({ last: '1.1', change24h: '0.1' }, '0.9')).toEqual({
      change: '-0.1',
      percent: '-10',
    });
    const row: MarketRow = {
      symbol: 'BTCUSDT',
      name: 'Bitcoin',
      category: 'crypto',
      precision: 2,
      last: '110',
      change24h: '10',
      changePercent24h: '10',
      high24h: '111',
      low24h: '99',
      sparkline: [],
      open: true,
    };
    expect(applyQuote(row, quote('120', 1))).toMatchObject({
      last: '120',
      change24h: '20',
      changePercent24h: '20',
    });
    expect(applyQuote(row, quote('110', 1))).toBe(row);
    expect(applyQuote(row, quote('1', 1, 'ETHUSDT'))).toBe(row);
  });

  test('sparkline points span the box, highest close at the top', () => {
    expect(sparklinePoints(['1', '3', '2'], 100, 20)).toBe('0.0,20.0 50.0,0.0 100.0,10.0');
    expect(sparklinePoints(['5'], 100, 20)).toBe('');
    expect(sparklinePoints(['5', '5'], 100, 20)).toBe('0.0,10.0 100.0,10.0');
  });
});

describe('live candles', () => {
  const base = Date.UTC(2026, 0, 5, 10, 0);
  const list = [candle(base - 60_000, '10', '11', '9', '10'), candle(base, '10', '10.5', '9.5', '10')];

  test('a tick inside the last bucket moves its close, high and low', () => {
    const up = applyTick(list, quote('12', base + 30_000), '1m');
    expect(up).toMatchObject({ kind: 'updated' });
    if (up.kind === 'updated')
      expect(up.candles.at(-1)).toMatchObject({ close: '12', high: '12', low: '9.5' });
    const down = applyTick(list, quote('9', base + 30_000), '1m');
    if (down.kind === 'updated')
      expect(down.candles.at(-1)).toMatchObject({ close: '9', high: '10.5', low: '9' });
    expect(applyTick(list, quote('10', base + 1), '1m')).toEqual({ kind: 'none' });
    expect(applyTick(list, quote('10', base - 120_000), '1m')).toEqual({ kind: 'none' });
  });

  test('a tick past an intraday bucket starts a new candle at the UTC-aligned boundary', () => {
    const next = applyTick(list, quote('10.2', base + 61_000), '1m');
    expect(next.kind).toBe('appended');
    if (next.kind === 'appended') {
      expect(next.candles).toHaveLength(3);
      expect(next.candles.at(-1)).toEqual(candle(base + 60_000, '10.2', '10.2', '10.2', '10.2', '0'));
    }
    // 15 minutes: 10:00 + 16 min belongs to the 10:15 bucket.
    const q = applyTick(list, quote('10', base + 16 * 60_000), '15m');
    if (q.kind === 'appended') expect(q.candles.at(-1)?.time).toBe(base + 15 * 60_000);
  });

  test('coarse intervals ask the server once a bucket has certainly passed', () => {
    expect(applyTick(list, quote('10', base + 2 * 86_400_000), '1D')).toEqual({ kind: 'refetch' });
    expect(applyTick(list, quote('10.1', base + 3_600_000), '1D').kind).toBe('updated');
  });

  test('older pages join without duplicates', () => {
    const older = [candle(base - 120_000, '1', '1', '1', '1'), candle(base - 60_000, '2', '2', '2', '2')];
    expect(prependCandles(older, list).map((c) => c.time)).toEqual([base - 120_000, base - 60_000, base]);
  });

  test('the time-share average restarts each UTC day; coarse intervals use a 20-candle average', () => {
    const day = Date.UTC(2026, 0, 5);
    const candles = [
      candle(day - 60_000, '1', '1', '1', '1', '1'),
      candle(day, '3', '3', '3', '3', '1'),
      candle(day + 60_000, '5', '5', '5', '5', '3'),
    ];
    expect(averageLine(candles, '1m')).toEqual([1, 3, 4.5]);
    const daily = Array.from({ length: 25 }, (_, i) =>
      candle(day + i * 86_400_000, '0', '0', '0', String(i)),
    );
    const average = averageLine(daily, '1D');
    expect(average[0]).toBe(0);
    expect(average[24]).toBe((5 + 24) / 2);
  });
});
