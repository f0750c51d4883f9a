/**
 * Calendars, trading sessions and candle aggregation (docs/markets.md, "Intervals").
 *
 * Pure functions of their arguments: no clock, no database. Intraday intervals (1m .. 4h) are
 * aligned in UTC; 1D and coarser follow the instrument's trading calendar in its own time zone.
 * Time-zone arithmetic uses Node's Intl (full IANA data): each zone's changes of a year are found
 * once, then offsets are looked up without Intl.
 */
import { Decimal } from 'decimal.js';
import type { Candle, Interval, TradingHours } from '../../../protocol/markets.ts';
import { INTRADAY_MS, type IntradayInterval, isIntraday } from '../../../protocol/markets.ts';

export const SECOND = 1_000;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** Intervals built from 1-minute bars, with their length; the others are built from daily bars. */

/** The stored series an interval is aggregated from: 1-minute bars or daily bars. */
export function baseOf(interval: Interval): '1m' | '1D' {
  return isIntraday(interval) ? '1m' : '1D';
}

/**
 * How an instrument's days are counted. A trading date is a calendar date in `timeZone`; its
 * trading day starts `dayOffset` minutes after that date's local midnight (0, or negative when the
 * day begins the evening before: forex -420, i.e. 17:00 New York the previous evening).
 */
export interface TradingCalendar {
  timeZone: string;
  dayOffset: number;
  /** Weekdays (0 Sunday .. 6 Saturday) of the trading dates that have a session. */
  days: readonly number[];
}

const ALL_DAYS: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/** Crypto and a bare time-zone argument: every day, starting at local midnight. */
export const UTC_CALENDAR: TradingCalendar = { timeZone: 'UTC', dayOffset: 0, days: ALL_DAYS };

/** One trading session: trading date `day` (days since 1970-01-01) open over [open, close) ms. */
export interface Session {
  day: number;
  open: number;
  close: number;
}

// ---------------------------------------------------------------------------------------------
// Time zones

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset at `ms` straight from Intl (slow: a few microseconds). */
function intlOffset(ms: number, timeZone: string): number {
  const at = Math.floor(ms / SECOND) * SECOND;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - at;
}

/** A zone's offsets over one UTC year: `offset[i]` applies from `from[i]` on. */
interface ZoneYear {
  from: number[];
  offset: number[];
}

const zoneYears = new Map<string, Map<number, ZoneYear>>();

/**
 * Offsets of a year, found from 13 month starts and a binary search (to the minute) inside each
 * month whose offset changes: zones change at most once a month.
 */
function zoneYear(year: number, timeZone: string): ZoneYear {
  let years = zoneYears.get(timeZone);
  if (!years) {
    years = new Map();
    zoneYears.set(timeZone, years);
  }
  const cached = years.get(year);
  if (cached) return cached;
  const starts = Array.from({ length: 13 }, (_, month) => Date.UTC(year, month, 1));
  const offsets = starts.map((start) => intlOffset(start, timeZone));
  const zone: ZoneYear = { from: [starts[0] ?? 0], offset: [offsets[0] ?? 0] };
  for (let month = 0; month < 12; month++) {
    const before = offsets[month] ?? 0;
    const after = offsets[month + 1] ?? 0;
    if (before === after) continue;
    // The first minute of the month's later offset.
    let low = Math.floor((starts[month] ?? 0) / MINUTE);
    let high = Math.floor((starts[month + 1] ?? 0) / MINUTE);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (intlOffset(middle * MINUTE, timeZone) === before) low = middle;
      else high = middle;
    }
    zone.from.push(high * MINUTE);
    zone.offset.push(after);
  }
  years.set(year, zone);
  return zone;
}

/** Local wall-clock time minus UTC, in ms, at the instant `ms`. */
export function zoneOffset(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const zone = zoneYear(new Date(ms).getUTCFullYear(), timeZone);
  let offset = zone.offset[0] ?? 0;
  for (let i = 1; i < zone.from.length; i++) {
    if (ms < (zone.from[i] ?? 0)) break;
    offset = zone.offset[i] ?? offset;
  }
  return offset;
}

/**
 * The instant at which the wall clock of `timeZone` shows `wall` (a wall-clock time written as if
 * it were UTC). Like Temporal's "compatible": a time skipped by a spring-forward gap moves forward
 * by the gap, a time repeated by a fall-back takes its first occurrence.
 */
export function wallToUtc(wall: number, timeZone: string): number {
  if (timeZone === 'UTC') return wall;
  const before = zoneOffset(wall - DAY, timeZone);
  const after = zoneOffset(wall + DAY, timeZone);
  const early = wall - before;
  const late = wall - after;
  const earlyValid = zoneOffset(early, timeZone) === before;
  const lateValid = zoneOffset(late, timeZone) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (earlyValid) return early;
  if (lateValid) return late;
  return early;
}

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on days since 1970-01-01

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** 0 Sunday .. 6 Saturday of a day number (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return mod(day + 4, 7);
}

function parseClock(text: string): number {
  const match = /^([01][0-9]|2[0-4]):([0-5][0-9])$/.exec(text);
  if (!match || (match[1] === '24' && match[2] !== '00')) throw new Error(`not a time of day: "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The calendar of trading hours. A weekly window whose close is not after its open is an
 * overnight session: it opens on the listed weekday and closes the next day, and it belongs to
 * the trading date on which it closes (forex: Sunday 17:00 to Monday 17:00 is Monday).
 */
export function calendarOf(hours: TradingHours): TradingCalendar {
  if (hours.kind === 'always') return UTC_CALENDAR;
  const open = parseClock(hours.open);
  const close = parseClock(hours.close);
  const overnight = close <= open;
  const listed = [...new Set(hours.days.map((d) => mod(d, 7)))];
  const days = (overnight ? listed.map((d) => mod(d + 1, 7)) : listed).sort((a, b) => a - b);
  return { timeZone: hours.timeZone, dayOffset: overnight ? open - 24 * 60 : 0, days };
}

function toCalendar(calendar: TradingCalendar | string): TradingCalendar {
  return typeof calendar === 'string' ? { timeZone: calendar, dayOffset: 0, days: ALL_DAYS } : calendar;
}

/** The trading date (days since 1970-01-01) that the instant `ms` belongs to. */
export function tradingDayOf(ms: number, calendar: TradingCalendar | string): number {
  const cal = toCalendar(calendar);
  const wall = ms + zoneOffset(ms, cal.timeZone);
  return Math.floor((wall - cal.dayOffset * MINUTE) / DAY);
}

/** The instant a trading date's day starts: the time of its 1D candle. */
export function dayStart(day: number, calendar: TradingCalendar | string): number {
  const cal = toCalendar(calendar);
  return wallToUtc(day * DAY + cal.dayOffset * MINUTE, cal.timeZone);
}

// 5D groups count trading dates from Monday 1970-01-05 (day 4).
const FIVE_DAY_ANCHOR = 4;

function tradingDays(cal: TradingCalendar): readonly number[] {
  return cal.days.length > 0 ? cal.days : ALL_DAYS;
}

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

// ---------------------------------------------------------------------------------------------
// Sessions

/** The session of trading date `day`, or null when that date does not trade. */
export function sessionOfDay(hours: TradingHours, day: number): Session | null {
  if (hours.kind === 'always') return { day, open: day * DAY, close: (day + 1) * DAY };
  const cal = calendarOf(hours);
  if (!cal.days.includes(weekdayOf(day))) return null;
  const open = parseClock(hours.open);
  const close = parseClock(hours.close);
  const wallOpen = day * DAY + (close <= open ? open - 24 * 60 : open) * MINUTE;
  const session = {
    day,
    open: wallToUtc(wallOpen, hours.timeZone),
    close: wallToUtc(day * DAY + close * MINUTE, hours.timeZone),
  };
  return session.close > session.open ? session : null;
}

/** The session containing the instant `ms`, or null while the market is closed. */
export function sessionAt(hours: TradingHours, ms: number): Session | null {
  const day = tradingDayOf(ms, calendarOf(hours));
  for (const d of [day, day - 1, day + 1]) {
    const session = sessionOfDay(hours, d);
    if (session && session.open <= ms && ms < session.close) return session;
  }
  return null;
}

export function isOpenAt(hours: TradingHours, ms: number): boolean {
  return sessionAt(hours, ms) !== null;
}

/** Sessions overlapping [fromMs, toMs), oldest first. */
export function sessionsBetween(hours: TradingHours, fromMs: number, toMs: number): Session[] {
  const cal = calendarOf(hours);
  const sessions: Session[] = [];
  if (toMs <= fromMs) return sessions;
  const last = tradingDayOf(toMs, cal) + 1;
  for (let d = tradingDayOf(fromMs, cal) - 1; d <= last; d++) {
    const session = sessionOfDay(hours, d);
    if (session && session.close > fromMs && session.open < toMs) sessions.push(session);
  }
  return sessions;
}

/** The latest session closed at or before `ms` (searching back 30 days), or null. */
export function previousSession(hours: TradingHours, ms: number): Session | null {
  const day = tradingDayOf(ms, calendarOf(hours)) + 1;
  for (let d = day; d > day - 31; d--) {
    const session = sessionOfDay(hours, d);
    if (session && session.close <= ms) return session;
  }
  return null;
}

/** The earliest session opening after `ms` (searching 30 days ahead), or null. */
export function nextSession(hours: TradingHours, ms: number): Session | null {
  const day = tradingDayOf(ms, calendarOf(hours)) - 1;
  for (let d = day; d < day + 31; d++) {
    const session = sessionOfDay(hours, d);
    if (session && session.open > ms) return session;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Aggregation

const D = Decimal.clone({ precision: 40, toExpNeg: -40, toExpPos: 40 });

function fractionDigits(decimal: string): number {
  const point = decimal.indexOf('.');
  return point < 0 ? 0 : decimal.length - point - 1;
}

/**
 * Candles of `interval` from finer bars (1-minute bars for intraday intervals, daily bars for 1D
 * and coarser; minute bars work for those too). Open is the first bar's open, high the highest
 * high, low the lowest low, close the last bar's close, volume the exact decimal sum (at the most
 * digits after the point among its bars). Prices keep
 * their original strings. A bar starting exactly on a boundary opens the new bucket.
 */
export function aggregate(
  bars: readonly Candle[],
  interval: Interval,
  calendar: TradingCalendar | string,
): Candle[] {
  const cal = toCalendar(calendar);
  let ordered = bars;
  for (let i = 1; i < bars.length; i++) {
    if ((bars[i]?.time ?? 0) < (bars[i - 1]?.time ?? 0)) {
      ordered = [...bars].sort((a, b) => a.time - b.time);
      break;
    }
  }
  const out: Candle[] = [];
  let current: Candle | null = null;
  let high = 0;
  let low = 0;
  let volume = new D(0);
  let scale = 0;
  const flush = (): void => {
    if (current) out.push({ ...current, volume: volume.toFixed(scale) });
  };
  for (const bar of ordered) {
    const time = bucketStart(interval, bar.time, cal);
    const barHigh = Number(bar.high);
    const barLow = Number(bar.low);
    if (current && current.time === time) {
      if (barHigh > high) {
        high = barHigh;
        current.high = bar.high;
      }
      if (barLow < low) {
        low = barLow;
        current.low = bar.low;
      }
      current.close = bar.close;
      volume = volume.plus(bar.volume);
      scale = Math.max(scale, fractionDigits(bar.volume));
    } else {
      flush();
      current = { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: '' };
      high = barHigh;
      low = barLow;
      volume = new D(bar.volume);
      scale = fractionDigits(bar.volume);
    }
  }
  flush();
  return out;
}
