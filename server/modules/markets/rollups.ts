/**
 * Rollups (docs/markets.md, "Rollups"): the closed candles of every interval but 1m and 1D, stored
 * as their buckets close, so that 500 candles of any interval are 500 stored rows.
 *
 * Intraday rollups (3m .. 4h) are aggregated from 1-minute bars: the stored minutes where the
 * database has them, the price source's history before that (a first start stores a few days of
 * minutes but 500 four-hour candles reach back months). Rollups of 5D and coarser are aggregated
 * from the stored trading-day candles. Either way a rollup is exactly `aggregate()` of the bars
 * of its bucket, and only complete buckets are stored, so a stored rollup never changes.
 */
import { eq, min } from 'drizzle-orm';
import type { Instrument, Interval, IntradayInterval } from '../../../protocol/markets.ts';
import { INTERVALS, INTRADAY_MS, isIntraday } from '../../../protocol/markets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { aggregate } from './candle-aggregation.ts';
import { DAY, MINUTE } from './durations.ts';
import type { PriceSource } from './feed.ts';
import { bucketShift } from './interval-buckets.ts';
import { readCandles, rollupBounds, storeRollups } from './markets.repository.ts';
import { candles1d, candles1m } from './markets.schema.ts';
import { calendarOf, dayStart, tradingDayOf } from './trading-calendar.ts';
import { previousSession, sessionAt } from './trading-sessions.ts';

/** Intraday intervals kept as rollups of minutes (1m itself is the stored minute series). */
export const MINUTE_ROLLUPS: readonly IntradayInterval[] = INTERVALS.filter(
  (interval): interval is IntradayInterval => isIntraday(interval) && interval !== '1m',
);
/** Intervals kept as rollups of trading days (1D itself is the stored daily series). */
export const DAY_ROLLUPS: readonly Interval[] = INTERVALS.filter(
  (interval) => !isIntraday(interval) && interval !== '1D',
);

/** Minutes are read or generated a week at a time: a day boundary is a boundary of every intraday bucket. */
const CHUNK_MS = 7 * DAY;

export interface RollupSync {
  db: DbOrTx;
  source: PriceSource;
  instrument: Instrument;
  now: number;
  /** On a first start, how many closed candles of each interval to build from history. */
  backfillCandles: number;
  /** Nothing older than this is built (the deployment's daily history). */
  historyFrom: number;
}

/** Stores every closed bucket of the instrument's rollups that the table lacks. */
export async function syncRollups(sync: RollupSync): Promise<number> {
  let stored = 0;
  stored += await syncMinuteRollups(sync);
  for (const interval of DAY_ROLLUPS) stored += await syncDayRollup(sync, interval);
  return stored;
}

/**
 * Where a first start begins building `interval`: far enough back for `candles` closed buckets
 * counted over the instrument's sessions (a stock index trades a few hours a day, crypto all day),
 * and not before `historyFrom`.
 */
export function backfillStart(
  instrument: Instrument,
  interval: IntradayInterval,
  boundary: number,
  candles: number,
  historyFrom: number,
): number {
  const len = INTRADAY_MS[interval];
  // Without a backfill, the bucket that closed last is the first one built.
  if (candles <= 0) return boundary - len;
  const { hours } = instrument;
  let counted = 0;
  let at = boundary;
  let lastBucket = Number.POSITIVE_INFINITY;
  // The session under way at the boundary counts up to the boundary, then each one before it.
  let session = sessionAt(hours, boundary - 1) ?? previousSession(hours, boundary);
  while (session && counted < candles && at > historyFrom) {
    const close = Math.min(session.close, boundary);
    if (close > session.open) {
      const firstBucket = Math.floor(session.open / len);
      const endBucket = Math.ceil(close / len);
      // A bucket shared with the next (later) session was counted already.
      counted += Math.max(0, Math.min(endBucket, lastBucket) - firstBucket);
      lastBucket = firstBucket;
    }
    at = session.open;
    session = previousSession(hours, session.open);
  }
  return Math.max(Math.floor(at / len) * len, Math.ceil(historyFrom / len) * len);
}

/**
 * Brings every intraday rollup up to date in one pass over the minutes: each interval from just
 * after its newest stored bucket (or its backfill start) to its last closed bucket. Chunks start
 * on a bucket boundary of every interval (the first at the 4h-aligned earliest start, the others
 * on a day), so no bucket straddles two chunks.
 */
async function syncMinuteRollups(sync: RollupSync): Promise<number> {
  const { db, source, instrument, now } = sync;
  const { symbol } = instrument;
  const plans: { interval: IntradayInterval; from: number; boundary: number }[] = [];
  for (const interval of MINUTE_ROLLUPS) {
    const len = INTRADAY_MS[interval];
    // Stored minutes end before the current minute; a bucket is closed once all its minutes are.
    const boundary = Math.floor(Math.floor(now / MINUTE) / (len / MINUTE)) * len;
    const { last } = await rollupBounds(db, symbol, interval);
    const from =
      last === null
        ? backfillStart(instrument, interval, boundary, sync.backfillCandles, sync.historyFrom)
        : last + len;
    if (from < boundary) plans.push({ interval, from, boundary });
  }
  if (plans.length === 0) return 0;
  const end = Math.max(...plans.map((p) => p.boundary));
  // Where the database's minutes begin; before that the source's history fills in.
  const firstStored = await firstMinute(db, symbol);
  let stored = 0;
  let from = Math.min(...plans.map((p) => p.from));
  while (from < end) {
    const to = Math.min(end, (Math.floor(from / DAY) + 1) * DAY + CHUNK_MS - DAY);
    const bars =
      firstStored !== null && from >= firstStored
        ? await readCandles(db, candles1m, symbol, from, to - 1)
        : await source.minuteBars(symbol, from, to);
    for (const plan of plans) {
      if (plan.from >= to || plan.from >= plan.boundary) continue;
      const mine = bars.filter((bar) => bar.time >= plan.from && bar.time < plan.boundary);
      const closed = aggregate(mine, plan.interval, 'UTC');
      await storeRollups(db, symbol, plan.interval, closed);
      stored += closed.length;
    }
    from = to;
  }
  return stored;
}

/** The oldest stored minute of `symbol` (the primary key's first entry), or null. */
async function firstMinute(db: DbOrTx, symbol: string): Promise<number | null> {
  const [row] = await db
    .select({ time: min(candles1m.time) })
    .from(candles1m)
    .where(eq(candles1m.symbol, symbol));
  return row?.time ?? null;
}

async function syncDayRollup(sync: RollupSync, interval: Interval): Promise<number> {
  const { db, instrument, now } = sync;
  const { symbol } = instrument;
  const calendar = calendarOf(instrument.hours);
  // Stored trading days end before the current one.
  const dayTo = dayStart(tradingDayOf(now, calendar), calendar);
  const { last } = await rollupBounds(db, symbol, interval);
  const from = last === null ? 0 : bucketShift(interval, last, 1, calendar);
  if (from >= dayTo) return 0;
  const days = await readCandles(db, candles1d, symbol, from, dayTo - 1);
  const closed = aggregate(days, interval, calendar).filter(
    (c) => bucketShift(interval, c.time, 1, calendar) <= dayTo,
  );
  await storeRollups(db, symbol, interval, closed);
  return closed.length;
}
