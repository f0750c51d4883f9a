/**
 * Clocks for tests whose server processes trade: markets keep hours (forex closes from Friday
 * evening to Sunday evening, US indices trade 13:30-20:00 New York), so a test that trades at
 * "now" passes on a Tuesday and fails on a Saturday. These move the processes' clocks
 * (server/clock.ts) to a moment every demo market is open, whatever the day really is.
 */
import { CLOCK_OFFSET_VARIABLE, unshiftedDate } from '../../server/clock.ts';

const DAY = 86_400_000;
const WEDNESDAY = 3;

/**
 * The next Wednesday, 15:00 UTC, at least a day ahead of the wall clock: forex, metals, oil,
 * indices (10:00 or 11:00 in New York) and crypto are all open then. Ahead, never behind, so that
 * nothing a process stamps (a session's expiry, a cookie) is already past on the wall clock.
 */
export function openMarketsMoment(realNow = unshiftedDate().now()): number {
  const day = Math.floor(realNow / DAY) + 1;
  const weekday = new (unshiftedDate())(day * DAY).getUTCDay();
  const wednesday = day + ((WEDNESDAY - weekday + 7) % 7);
  return wednesday * DAY + 15 * 3_600_000;
}

/** Environment for server processes and the admin CLI: their clocks read openMarketsMoment(). */
export function openMarketsClockEnv(realNow = unshiftedDate().now()): Record<string, string> {
  return { [CLOCK_OFFSET_VARIABLE]: String(openMarketsMoment(realNow) - realNow) };
}
