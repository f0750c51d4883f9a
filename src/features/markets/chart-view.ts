/**
 * The window of candles the chart shows. The x axis counts candles (0 .. n-1), not time, so a view
 * is a range of candle indices: these rules keep it a sensible width and keep the candles in
 * sight however far the user drags or pinches (./chart-gestures.ts) or the candles change.
 */

/** How many candles the first view shows. */
const DEFAULT_BARS = 60;
const MIN_BARS = 8;
/** Zoomed out further, a candle would be narrower than a pixel on a phone. */
const MAX_BARS = 400;
/** Empty room right of the newest candle, in candles. */
const RIGHT_ROOM = 2;
/** A view closer than this to the oldest loaded candle asks for older ones. */
export const NEAR_START = 10;

export interface View {
  min: number;
  max: number;
}

/** The newest candles of `n`, with room on the right. */
export function defaultView(n: number): View {
  const bars = Math.min(DEFAULT_BARS, Math.max(n, MIN_BARS));
  return { min: n - 0.5 - bars, max: n - 0.5 + RIGHT_ROOM };
}

/** A view width between MIN_BARS and all `n` candles (at most MAX_BARS). */
export function clampWidth(width: number, n: number): number {
  const widest = Math.min(Math.max(n + RIGHT_ROOM + 1, MIN_BARS), MAX_BARS);
  return Math.min(Math.max(width, MIN_BARS), widest);
}

/** `next` moved and resized so that it still shows some of the `n` candles. */
export function clampView(next: View, n: number): View {
  const width = clampWidth(next.max - next.min, n);
  // The oldest candle may not leave the left edge by more than a few candles, the newest may
  // not leave the right edge by more than a tenth of the view (plus the usual room).
  const lowest = -0.5 - RIGHT_ROOM;
  const highest = n - 0.5 + RIGHT_ROOM + width * 0.1 - width;
  const min = Math.max(Math.min(next.min, highest), lowest);
  return { min, max: min + width };
}
