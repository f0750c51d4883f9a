/**
 * Time-zone arithmetic for trading calendars (docs/markets.md, "Intervals"). It uses Node's Intl
 * (full IANA data), which is slow: each zone's changes of a year are found once, then offsets are
 * looked up without Intl.
 */
import { DAY, MINUTE, SECOND } from './durations.ts';

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
