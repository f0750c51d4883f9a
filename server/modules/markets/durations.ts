/**
 * Lengths of time in ms. Candles, sessions, the feed and the tick stream all count in Unix ms, so
 * they share one spelling of a second, a minute, an hour and a day.
 */
export const SECOND = 1_000;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
