/**
 * The minute path of one session, as the simulated model draws it: log prices at each minute's
 * start, each minute's extremes and when its ticks touch them, and its volume. Typed arrays, since
 * a session of a 24/7 market has 1,440 minutes and deep history walks many sessions.
 */
import type { Session } from './trading-sessions.ts';

/** The log-price path of one session: minute k runs from y[k] to y[k + 1]. */
export interface Path {
  session: Session;
  minutes: number;
  y: Float64Array;
  high: Float64Array;
  low: Float64Array;
  /** Seconds (1..58) at which the ticks touch the minute's high and low. */
  highAt: Uint8Array;
  lowAt: Uint8Array;
  /** Volume in units of the volume precision. */
  volume: Float64Array;
}

export function newPath(session: Session, minutes: number): Path {
  return {
    session,
    minutes,
    y: new Float64Array(minutes + 1),
    high: new Float64Array(minutes),
    low: new Float64Array(minutes),
    highAt: new Uint8Array(minutes),
    lowAt: new Uint8Array(minutes),
    volume: new Float64Array(minutes),
  };
}
