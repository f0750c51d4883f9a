/**
 * Trading sessions: when an instrument's market is open. A session belongs to the trading date on
 * which it closes (docs/markets.md, "Trading hours"); the feed, the price process and the rollups
 * ask here whether and since when a market trades.
 */
import type { TradingHours } from '../../../protocol/markets.ts';
import { DAY, MINUTE } from './durations.ts';
import { wallToUtc } from './time-zones.ts';
import { calendarOf, parseClock, tradingDayOf, weekdayOf } from './trading-calendar.ts';

/** One trading session: trading date `day` (days since 1970-01-01) open over [open, close) ms. */
export interface Session {
  day: number;
  open: number;
  close: number;
}

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
