/**
 * How an instrument's days are counted: its trading calendar and the arithmetic on trading dates
 * (days since 1970-01-01) that sessions and interval buckets both build on. Pure functions of
 * their arguments: no clock, no database.
 */
import type { TradingHours } from '../../../protocol/markets.ts';
import { DAY, MINUTE } from './durations.ts';
import { wallToUtc, zoneOffset } from './time-zones.ts';

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

/** A remainder that is never negative: days before 1970 count below zero. */
export function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

/** 0 Sunday .. 6 Saturday of a day number (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return mod(day + 4, 7);
}

/** Minutes after midnight of "HH:MM"; "24:00" is the end of the day. */
export function parseClock(text: string): number {
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

/** A bare time zone stands for a calendar that trades every day from local midnight. */
export function toCalendar(calendar: TradingCalendar | string): TradingCalendar {
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

/** The weekdays that trade; a calendar that lists none counts every day. */
export function tradingDays(cal: TradingCalendar): readonly number[] {
  return cal.days.length > 0 ? cal.days : ALL_DAYS;
}
