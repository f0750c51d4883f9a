/** The moments `npm run test:clocks` runs the suite at (scripts/test-clocks.ts, docs/testing.md). */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The first day at or after `fromDay` (days since the epoch) that falls on `weekday` (0 Sunday). */
function nextWeekday(fromDay: number, weekday: number): number {
  return fromDay + ((weekday - new Date(fromDay * DAY).getUTCDay() + 7) % 7);
}

/** New York's clocks go forward at 02:00 EST (07:00 UTC) on the second Sunday of March. */
function dstStart(year: number): number {
  return (nextWeekday(Date.UTC(year, 2, 1) / DAY, 0) + 7) * DAY + 7 * HOUR;
}

/**
 * The moments, each the next one after the wall clock, so nothing a
 * process stamps (a session's expiry, a cookie) is already past on the wall clock the browser and
 * PostgreSQL keep.
 */
export function defaultMoments(now = Date.now()): [label: string, at: string][] {
  const tomorrow = Math.floor(now / DAY) + 1;
  const year = new Date(now).getUTCFullYear();
  const iso = (ms: number) => new Date(ms).toISOString();
  const dst = [dstStart(year), dstStart(year + 1)].find((ms) => ms - 5 * 60_000 > now + DAY) ?? 0;
  const newYear = [Date.UTC(year + 1, 0, 1), Date.UTC(year + 2, 0, 1)].find((ms) => ms > now + DAY) ?? 0;
  return [
    ['Saturday, forex closed', iso(nextWeekday(tomorrow, 6) * DAY + 12 * HOUR)],
    ['Sunday, an hour before forex opens', iso(nextWeekday(tomorrow, 0) * DAY + 20 * HOUR)],
    ['New York DST starts (02:00 EST -> 03:00 EDT)', iso(dst - 5 * 60_000)],
    ["New Year's Eve, two minutes to midnight UTC", iso(newYear - 2 * 60_000)],
  ];
}
