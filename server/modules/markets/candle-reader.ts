/**
 * Reads the candles of a chart from what is stored: 1m and 1D from their own series, every other
 * interval from its rollups (rollups.ts), and the bucket still open from the finest pieces that
 * cover it (closed 4h, 1h and 15m rollups, then the minutes after them, then the live bar).
 *
 * A closed candle never changes, so a chart of the present is served from each series' recent
 * closed candles kept in memory; the database is asked again only once a newer bucket of that
 * series can have closed. A history page (a chart ending in the past) reads the database.
 */
import type { Candle, Instrument, Interval } from '../../../protocol/markets.ts';
import { INTRADAY_MS, isIntraday } from '../../../protocol/markets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { aggregate } from './candle-aggregation.ts';
import { DAY, MINUTE } from './durations.ts';
import { bucketShift } from './interval-buckets.ts';
import { lastCandles, lastRollups, readCandles, readRollups, rollupBounds } from './markets.repository.ts';
import { candles1d, candles1m } from './markets.schema.ts';
import { calendarOf, dayStart, type TradingCalendar, tradingDayOf } from './trading-calendar.ts';

/**
 * Closed candles kept per series: at least the default chart's 300 are read at once, at most
 * the largest chart's 1,000 are kept (about 200 kB per series; only series asked for are kept).
 */
const RECENT_MIN = 300;
const RECENT_MAX = 1000;

/** Rollups that cover an open bucket, coarsest first: each divides the one before. */
const COVER_LEVELS = ['4h', '1h', '15m'] as const;

/** A stored series: the 1-minute and trading-day candles, and every rollup. */
interface Series {
  symbol: string;
  interval: Interval;
  calendar: TradingCalendar;
}

interface Recent {
  /** The newest closed candles, oldest first. */
  candles: Candle[];
  /** True when `candles` holds every candle the series has. */
  complete: boolean;
}

export class CandleReader {
  readonly #db: () => DbOrTx;
  /**
   * The oldest rollup per symbol and interval. Rollups are never deleted and a first start
   * builds them backwards before any newer one exists, so once known it does not change.
   */
  readonly #first = new Map<string, number>();
  readonly #recent = new Map<string, Recent>();

  constructor(db: () => DbOrTx) {
    this.#db = db;
  }

  /**
   * The last `limit` candles of `interval` starting at or before `until`, oldest first, the last
   * one open and completed by `live` (the minute under way) when given; `current` says `until` is
   * now. Closed candles are counted back from `until` whatever the market's hours (500 hourly
   * candles of a stock index reach back months); where the stored candles do not reach that far,
   * the window [from, until] of the series under the interval fills in.
   */
  async read(
    instrument: Instrument,
    interval: Interval,
    from: number,
    until: number,
    limit: number,
    live: Candle | null,
    current: boolean,
  ): Promise<Candle[]> {
    const calendar = calendarOf(instrument.hours);
    const of = (i: Interval): Series => ({ symbol: instrument.symbol, interval: i, calendar });
    const withLive = (pieces: Candle[], after: number): Candle[] =>
      live && live.time >= after && pieces.at(-1)?.time !== live.time ? [...pieces, live] : pieces;
    if (interval === '1m') {
      return withLive(await this.#last(of('1m'), until, until, limit, current), 0);
    }
    if (isIntraday(interval)) {
      const len = INTRADAY_MS[interval];
      // Only buckets all of whose minutes lie at or before `until` (a history page ends mid-bucket).
      const closed = await this.#last(of(interval), until - len + MINUTE, until, limit, current);
      const last = closed.at(-1);
      if (!last) {
        const minutes = await this.#range(of('1m'), from, until, until, current);
        return aggregate(withLive(minutes, from), interval, 'UTC');
      }
      const head =
        closed.length < limit
          ? await this.#range(of('1m'), from, (closed[0]?.time ?? 0) - 1, until, false)
          : [];
      const tailFrom = last.time + len;
      const tail = withLive(await this.#cover(of('1m'), tailFrom, until, len, current), tailFrom);
      return [...aggregate(head, interval, 'UTC'), ...closed, ...aggregate(tail, interval, 'UTC')];
    }
    const closed = await this.#last(of(interval), until, until, limit, current);
    const last = closed.at(-1);
    const head =
      interval !== '1D' && last && closed.length < limit
        ? await this.#range(of('1D'), from, (closed[0]?.time ?? 0) - 1, until, false)
        : [];
    const tailFrom = last ? bucketShift(interval, last.time, 1, calendar) : from;
    const days = interval === '1D' ? [] : await this.#range(of('1D'), tailFrom, until, until, current);
    // Today's trading day is not stored until it ends: build it from what covers it.
    const today = dayStart(tradingDayOf(until, calendar), calendar);
    const known = (days.at(-1) ?? last)?.time;
    if (today >= tailFrom && (known === undefined || known < today)) {
      const pieces = withLive(await this.#cover(of('1m'), today, until, DAY, current), today);
      days.push(...aggregate(pieces, '1D', calendar));
    }
    return [...aggregate(head, interval, calendar), ...closed, ...aggregate(days, interval, calendar)];
  }

  /**
   * Pieces covering [from, until] at minute resolution, for a bucket of length `below` that is
   * still open: closed rollups of each cover level shorter than the bucket, as far as they go,
   * then the minutes after them. `from` starts a bucket of every level it uses.
   */
  async #cover(
    minutes: Series,
    from: number,
    until: number,
    below: number,
    current: boolean,
  ): Promise<Candle[]> {
    const pieces: Candle[] = [];
    let at = from;
    for (const level of COVER_LEVELS) {
      const len = INTRADAY_MS[level];
      if (len >= below || at % len !== 0) continue;
      const first = await this.#oldest(minutes.symbol, level);
      if (first === null || first > at) continue;
      const series = { ...minutes, interval: level };
      const rows = await this.#range(series, at, until - len + MINUTE, until, current);
      const last = rows.at(-1);
      if (last) {
        pieces.push(...rows);
        at = last.time + len;
      }
    }
    pieces.push(...(await this.#range(minutes, at, until, until, current)));
    return pieces;
  }

  /** The newest `limit` closed candles of `series` starting at or before `to`, oldest first. */
  async #last(series: Series, to: number, until: number, limit: number, current: boolean): Promise<Candle[]> {
    if (current) {
      const recent = await this.#recentOf(series, until, limit);
      let end = recent.candles.length;
      while (end > 0 && (recent.candles[end - 1]?.time ?? 0) > to) end -= 1;
      if (end >= limit || recent.complete) return recent.candles.slice(Math.max(0, end - limit), end);
    }
    return this.#readLast(series, to, limit);
  }

  /** Closed candles of `series` starting in [from, to], oldest first. */
  async #range(series: Series, from: number, to: number, until: number, current: boolean): Promise<Candle[]> {
    if (to < from) return [];
    if (current) {
      const recent = await this.#recentOf(series, until, 0);
      const oldest = recent.candles[0];
      if (recent.complete || (oldest && oldest.time <= from)) {
        return recent.candles.filter((c) => c.time >= from && c.time <= to);
      }
    }
    return this.#readRange(series, from, to);
  }

  /** From the database: the newest `limit` candles of the stored series starting at or before `to`. */
  #readLast({ symbol, interval }: Series, to: number, limit: number): Promise<Candle[]> {
    const db = this.#db();
    if (interval === '1m') return lastCandles(db, candles1m, symbol, limit, to);
    if (interval === '1D') return lastCandles(db, candles1d, symbol, limit, to);
    return lastRollups(db, symbol, interval, to, limit);
  }

  /** From the database: the candles of the stored series starting in [from, to]. */
  #readRange({ symbol, interval }: Series, from: number, to: number): Promise<Candle[]> {
    const db = this.#db();
    if (interval === '1m') return readCandles(db, candles1m, symbol, from, to);
    if (interval === '1D') return readCandles(db, candles1d, symbol, from, to);
    return readRollups(db, symbol, interval, from, to);
  }

  /**
   * The series' recent closed candles, holding at least `need` (or all there are), brought up to
   * date first when a bucket after the newest one kept can have closed by `until`.
   */
  async #recentOf(series: Series, until: number, need: number): Promise<Recent> {
    const { symbol, interval, calendar } = series;
    const key = `${symbol} ${interval}`;
    const recent = this.#recent.get(key);
    const newest = recent?.candles.at(-1);
    if (!recent || !newest || (recent.candles.length < need && !recent.complete)) {
      const want = Math.min(RECENT_MAX, Math.max(need, RECENT_MIN));
      const candles = await this.#readLast(series, until, want);
      const loaded = { candles, complete: candles.length < want };
      this.#recent.set(key, loaded);
      return loaded;
    }
    if (bucketShift(interval, newest.time, 2, calendar) <= until) {
      const added = await this.#readRange(series, newest.time + 1, until);
      if (added.length > 0) {
        recent.candles.push(...added);
        if (recent.candles.length > RECENT_MAX) {
          recent.candles.splice(0, recent.candles.length - RECENT_MAX);
          recent.complete = false;
        }
      }
    }
    return recent;
  }

  async #oldest(symbol: string, interval: Interval): Promise<number | null> {
    const key = `${symbol} ${interval}`;
    const known = this.#first.get(key);
    if (known !== undefined) return known;
    const { first } = await rollupBounds(this.#db(), symbol, interval);
    if (first !== null) this.#first.set(key, first);
    return first;
  }
}
