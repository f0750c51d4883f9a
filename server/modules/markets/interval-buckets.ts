/**
 * Interval buckets (docs/markets.md, "Intervals and alignment"): where the candle of an interval that holds a
 * given instant starts, and where the one n buckets away starts. Intraday intervals (1m .. 4h) are
 * aligned in UTC; 1D and coarser follow the instrument's trading calendar in its own time zone.
 */
import type { Interval } from '../../../protocol/markets.ts';
import { INTRADAY_MS, type IntradayInterval, isIntraday } from '../../../protocol/markets.ts';
import { DAY } from './durations.ts';
import {
  dayStart,
  mod,
  type TradingCalendar,
  toCalendar,
  tradingDayOf,
  tradingDays,
  weekdayOf,
} from './trading-calendar.ts';

/** The stored series an interval is aggregated from: 1-minute bars or daily bars. */
export function baseOf(interval: Interval): '1m' | '1D' {
  return isIntraday(interval) ? '1m' : '1D';
}

// 5D groups count trading dates from Monday 1970-01-05 (day 4).
const FIVE_DAY_ANCHOR = 4;

/** Index of the latest trading date on or before `day`, counted from the 5D anchor. */
function tradingIndex(day: number, cal: TradingCalendar): number {
  const days = tradingDays(cal);
  const rel = day - FIVE_DAY_ANCHOR;
  const weeks = Math.floor(rel / 7);
  const rest = rel - weeks * 7;
  let count = weeks * days.length;
  for (let j = 0; j <= rest; j++) if (days.includes(mod(1 + j, 7))) count++;
  return count - 1;
}

/** The trading date with a given index (inverse of tradingIndex on trading dates). */
function dayOfIndex(index: number, cal: TradingCalendar): number {
  const days = tradingDays(cal);
  const offsets: number[] = [];
  for (let j = 0; j < 7; j++) if (days.includes(mod(1 + j, 7))) offsets.push(j);
  const weeks = Math.floor(index / offsets.length);
  const rest = index - weeks * offsets.length;
  return FIVE_DAY_ANCHOR + weeks * 7 + (offsets[rest] ?? 0);
}

function monthStartDay(day: number, months: number, shift = 0): number {
  const date = new Date(day * DAY);
  const month = date.getUTCMonth();
  return Date.UTC(date.getUTCFullYear(), month - (month % months) + shift * months, 1) / DAY;
}

const MONTHS = { '1M': 1, '3M': 3, '6M': 6 } as const;

/** The first trading date of the bucket containing trading date `day`. */
function bucketDay(interval: Exclude<Interval, IntradayInterval>, day: number, cal: TradingCalendar): number {
  switch (interval) {
    case '1D':
      return day;
    case '5D': {
      const index = tradingIndex(day, cal);
      return dayOfIndex(index - mod(index, 5), cal);
    }
    case '1w':
      return day - mod(weekdayOf(day) - 1, 7);
    default:
      return monthStartDay(day, MONTHS[interval]);
  }
}

/**
 * The start (Unix ms) of the bucket of `interval` that contains the instant `ms`. Intraday
 * intervals are aligned in UTC (4h: 00:00, 04:00, ... UTC). 1D is the trading day; 5D five
 * consecutive trading dates counted from Monday 1970-01-05; 1w starts Monday; 1M on the 1st; 3M in
 * January, April, July, October; 6M in January and July; each starting when its first trading
 * date's day starts in the instrument's zone. A bare time zone means every day, from midnight.
 */
export function bucketStart(interval: Interval, ms: number, calendar: TradingCalendar | string): number {
  if (isIntraday(interval)) {
    const size = INTRADAY_MS[interval];
    return Math.floor(ms / size) * size;
  }
  const cal = toCalendar(calendar);
  return dayStart(bucketDay(interval, tradingDayOf(ms, cal), cal), cal);
}

/**
 * The start of the bucket `n` buckets after (n < 0: before) the one containing `ms`; for 1D and
 * 5D, counted in trading dates. With `bucketShift(i, end, -(limit - 1), cal)` as the first bucket,
 * a query for `limit` candles ending at `end` knows where to start.
 */
export function bucketShift(
  interval: Interval,
  ms: number,
  n: number,
  calendar: TradingCalendar | string,
): number {
  if (isIntraday(interval)) return bucketStart(interval, ms, calendar) + n * INTRADAY_MS[interval];
  const cal = toCalendar(calendar);
  const first = bucketDay(interval, tradingDayOf(ms, cal), cal);
  if (n === 0) return dayStart(first, cal);
  switch (interval) {
    case '1D': {
      // A date without a session indexes as the trading date before it: one step back is that date.
      const trading = tradingDays(cal).includes(weekdayOf(first));
      const index = tradingIndex(first, cal) + n + (!trading && n < 0 ? 1 : 0);
      return dayStart(dayOfIndex(index, cal), cal);
    }
    case '5D':
      return dayStart(dayOfIndex(tradingIndex(first, cal) + 5 * n, cal), cal);
    case '1w':
      return dayStart(first + 7 * n, cal);
    default:
      return dayStart(monthStartDay(first, MONTHS[interval], n), cal);
  }
}
