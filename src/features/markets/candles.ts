/**
 * The chart's candles on the client: moving the last candle with live ticks, and the series the
 * chart types draw. Intraday intervals (1m .. 4h) are aligned in UTC on the server, so a tick past
 * the last bucket starts a new candle here at once; coarser buckets follow the instrument's
 * trading calendar, so for those the chart asks the server again instead of guessing.
 */
import {
  type Candle,
  INTRADAY_MS,
  type Interval,
  isIntraday,
  type Quote,
} from '../../../protocol/markets.ts';
import { compareDecimal, formatDate } from '../../lib/format.ts';

const DAY = 86_400_000;

/** Roughly how long a bucket lasts: exact for intraday intervals, a lower bound for the rest. */
export const APPROX_MS: Record<Interval, number> = {
  ...INTRADAY_MS,
  '1D': DAY,
  '5D': 5 * DAY,
  '1w': 7 * DAY,
  '1M': 28 * DAY,
  '3M': 89 * DAY,
  '6M': 181 * DAY,
};

const max = (a: string, b: string) => (compareDecimal(a, b) === -1 ? b : a);
const min = (a: string, b: string) => (compareDecimal(a, b) === 1 ? b : a);

export type TickResult =
  /** Nothing to change (an older tick, or no candles yet). */
  | { kind: 'none' }
  /** The last candle moved; `candles` is a new array. */
  | { kind: 'updated'; candles: Candle[] }
  /** A new intraday bucket began: one candle appended. */
  | { kind: 'appended'; candles: Candle[] }
  /** The tick is past the last coarse bucket: ask the server for the candles again. */
  | { kind: 'refetch' };

/** What a tick does to the candles of `interval`. */
export function applyTick(candles: readonly Candle[], quote: Quote, interval: Interval): TickResult {
  const last = candles.at(-1);
  if (!last || quote.at < last.time) return { kind: 'none' };
  const price = quote.last;
  if (isIntraday(interval)) {
    const length = INTRADAY_MS[interval];
    const bucket = Math.floor(quote.at / length) * length;
    if (bucket > last.time) {
      return {
        kind: 'appended',
        candles: [
          ...candles,
          { time: bucket, open: price, high: price, low: price, close: price, volume: '0' },
        ],
      };
    }
  } else if (quote.at >= last.time + APPROX_MS[interval]) {
    return { kind: 'refetch' };
  }
  if (
    price === last.close &&
    compareDecimal(price, last.high) !== 1 &&
    compareDecimal(price, last.low) !== -1
  ) {
    return { kind: 'none' };
  }
  const moved: Candle = { ...last, close: price, high: max(last.high, price), low: min(last.low, price) };
  return { kind: 'updated', candles: [...candles.slice(0, -1), moved] };
}

/**
 * Older candles joined in front of the ones on screen; duplicates (same bucket time) are dropped
 * from the older page, so the candles stay strictly increasing in time.
 */
export function prependCandles(older: readonly Candle[], current: readonly Candle[]): Candle[] {
  const first = current[0]?.time ?? Number.POSITIVE_INFINITY;
  return [...older.filter((c) => c.time < first), ...current];
}

/** Candles the moving average of coarse intervals spans. */
const AVERAGE_BARS = 20;

/**
 * The time-share average line. Intraday: the volume-weighted average price of the day so far,
 * starting again at each UTC midnight (the days intraday candles are aligned to); where there is
 * no volume, the plain average of the day's closes. 1D and coarser: the moving average of the last
 * 20 closes.
 */
export function averageLine(candles: readonly Candle[], interval: Interval): number[] {
  if (!isIntraday(interval)) {
    let sum = 0;
    return candles.map((c, i) => {
      sum += Number(c.close);
      const gone = candles[i - AVERAGE_BARS];
      if (gone) sum -= Number(gone.close);
      return sum / Math.min(i + 1, AVERAGE_BARS);
    });
  }
  let day = Number.NaN;
  let weighted = 0;
  let volume = 0;
  let sum = 0;
  let count = 0;
  return candles.map((c) => {
    const today = Math.floor(c.time / DAY);
    if (today !== day) {
      day = today;
      weighted = 0;
      volume = 0;
      sum = 0;
      count = 0;
    }
    const close = Number(c.close);
    const v = Number(c.volume);
    sum += close;
    count += 1;
    if (Number.isFinite(v) && v > 0) {
      weighted += ((Number(c.high) + Number(c.low) + close) / 3) * v;
      volume += v;
    }
    return volume > 0 ? weighted / volume : sum / count;
  });
}

/** Axis label of a candle's time: short enough to fit under a phone's chart. */
export function axisTime(ms: number, interval: Interval): string {
  if (interval === '1h' || interval === '4h') return formatDate(ms, 'MM/DD HH:mm');
  if (isIntraday(interval)) return formatDate(ms, 'HH:mm');
  if (interval === '1D') return formatDate(ms, 'MM/DD');
  if (interval === '5D' || interval === '1w') return formatDate(ms, 'YYYY/MM/DD');
  return formatDate(ms, 'YYYY/MM');
}

/** The readout's time of a candle: the date, and the time of day for intraday intervals. */
export function readoutTime(ms: number, interval: Interval): string {
  return formatDate(ms, isIntraday(interval) ? 'YYYY/MM/DD HH:mm' : 'YYYY/MM/DD');
}
