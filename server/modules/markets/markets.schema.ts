import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { TradingHours } from '../../../protocol/markets.ts';
import { at, enabledFlag, money, sortOrder, updatedAt } from '../../db/columns.ts';

/** Tradable instruments (operator configuration). */
export const instruments = pgTable('instruments', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  category: text('category', { enum: ['crypto', 'crude_oil', 'forex', 'gold', 'stock_index'] }).notNull(),
  popular: boolean('popular').notNull().default(false),
  precision: integer('precision').notNull(),
  spread: money('spread').notNull(),
  hours: jsonb('hours').$type<TradingHours>().notNull(),
  sort: sortOrder(),
  enabled: enabledFlag(),
});

/** The key of a table that keeps one row per instrument: the instrument's symbol. */
export const instrumentKey = () =>
  text('symbol')
    .primaryKey()
    .references(() => instruments.symbol);

const candleColumns = {
  symbol: text('symbol').notNull(),
  /** Bucket start, Unix milliseconds. */
  time: bigint('time', { mode: 'number' }).notNull(),
  open: money('open').notNull(),
  high: money('high').notNull(),
  low: money('low').notNull(),
  close: money('close').notNull(),
  volume: money('volume').notNull(),
};

/** One-minute candles: every intraday interval is aggregated from these. */
export const candles1m = pgTable('candles_1m', candleColumns, (t) => [
  primaryKey({ columns: [t.symbol, t.time] }),
]);

/** Trading-day candles: 1D and every coarser interval are aggregated from these. */
export const candles1d = pgTable('candles_1d', candleColumns, (t) => [
  primaryKey({ columns: [t.symbol, t.time] }),
]);

/**
 * Closed candles of every interval except 1m and 1D, kept as their buckets close (rollups.ts):
 * a chart of 500 candles reads 500 rows of its own interval, not the minutes or days under them.
 * Each row is exactly `aggregate()` of the 1-minute (intraday) or trading-day (5D and coarser)
 * candles of its bucket; a bucket is stored only once it is complete, and never changes after.
 */
export const candleRollups = pgTable(
  'candle_rollups',
  { ...candleColumns, interval: text('interval').notNull() },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.time] })],
);

/**
 * Prices an operator pinned on the simulated demo feed (`admin markets pin`), for demonstrations
 * and end-to-end tests of triggers: until `until`, the symbol quotes this bid and ask. Never read
 * with a real feed.
 */
export const pricePins = pgTable('price_pins', {
  symbol: instrumentKey(),
  bid: money('bid').notNull(),
  ask: money('ask').notNull(),
  until: at('until').notNull(),
});

/**
 * Which live feed prices an instrument, and its guard rails (docs/markets.md, "Live feeds"). Read
 * when `MARKET_FEED=live`; an instrument without a row stays on the simulated source.
 */
export const instrumentFeeds = pgTable('instrument_feeds', {
  symbol: instrumentKey(),
  /** `binance:<SYMBOL>` (an exchange's symbol) or `pyth:<64 hex digits>` (an oracle's feed id). */
  feed: text('feed').notNull(),
  /** The operator's extra spread in price units, half on each side of the upstream bid and ask. */
  markup: money('markup').notNull(),
  /** A price older than this halts the instrument. */
  staleMs: integer('stale_ms').notNull(),
  /** The largest move from the last accepted price, in percent, accepted without confirmation. */
  maxJumpPercent: money('max_jump_percent').notNull(),
  updatedAt: updatedAt(),
});

/**
 * What the market producer last saw of each instrument's feed, written every few seconds, so that
 * `admin markets status` can show it from any process or host (docs/markets.md, "Live feeds").
 */
export const feedStatus = pgTable('feed_status', {
  symbol: text('symbol').primaryKey(),
  /** `simulated`, or the bound feed (`binance:BTCUSDT`, `pyth:<id>`). */
  source: text('source').notNull(),
  /** `live`, `halted` (the feed went quiet), `closed` (outside trading hours) or `waiting` (no price yet). */
  state: text('state').notNull(),
  lastTickAt: at('last_tick_at'),
  delayedSince: at('delayed_since'),
  updatedAt: at('updated_at').notNull(),
});
