/** Instruments and stored candles. */
import { and, asc, desc, eq, getTableName, gte, lt, lte, max, min, sql } from 'drizzle-orm';
import type { Candle, Instrument } from '../../../protocol/markets.ts';
import { dec, fmt, trimNumeric } from '../../../protocol/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enabledInOrder } from '../../db/enabled.ts';
import { rowsOf } from '../../db/rows.ts';
import { candleRollups, type candles1d, candles1m, instruments } from './markets.schema.ts';

export type CandleTable = typeof candles1m | typeof candles1d;

export async function listInstruments(db: DbOrTx): Promise<Instrument[]> {
  const rows = await enabledInOrder(db.select().from(instruments).$dynamic(), instruments);
  return rows.map((r) => ({
    symbol: r.symbol,
    name: r.name,
    category: r.category,
    popular: r.popular,
    precision: r.precision,
    spread: fmt(dec(r.spread)),
    hours: r.hours,
  }));
}

export async function upsertInstrument(db: DbOrTx, instrument: Instrument, sort: number): Promise<void> {
  const row = { ...instrument, sort, enabled: true };
  const { symbol, ...rest } = row;
  await db.insert(instruments).values(row).onConflictDoUpdate({ target: instruments.symbol, set: rest });
}

const BATCH = 5000;

/**
 * Candles as one JSON parameter, unpacked by PostgreSQL: a backfill stores hundreds of thousands,
 * and one parameter per value would spend its time building statements, not storing rows.
 */
const candleRecords = (candles: readonly Candle[]): string =>
  JSON.stringify(candles.map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume]));

const unpacked = (json: string) => sql`
  select (r->>0)::bigint, (r->>1)::numeric, (r->>2)::numeric, (r->>3)::numeric, (r->>4)::numeric,
         (r->>5)::numeric
    from json_array_elements(${json}::json) as r`;

export async function storeCandles(
  db: DbOrTx,
  table: CandleTable,
  symbol: string,
  candles: readonly Candle[],
): Promise<void> {
  const name = sql.identifier(getTableName(table));
  for (let i = 0; i < candles.length; i += BATCH) {
    const json = candleRecords(candles.slice(i, i + BATCH));
    await db.execute(sql`
      insert into ${name} (symbol, time, open, high, low, close, volume)
      select ${symbol}, r.* from (${unpacked(json)}) as r
      on conflict do nothing`);
  }
}

/** The newest stored candle's time, optionally at or before `atOrBefore`. */
export async function latestCandleTime(
  db: DbOrTx,
  table: CandleTable,
  symbol: string,
  atOrBefore?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ t: max(table.time) })
    .from(table)
    .where(and(eq(table.symbol, symbol), atOrBefore === undefined ? undefined : lte(table.time, atOrBefore)));
  return row?.t ?? null;
}

const toCandle = (r: typeof candles1m.$inferSelect): Candle => ({
  time: r.time,
  open: trimNumeric(r.open),
  high: trimNumeric(r.high),
  low: trimNumeric(r.low),
  close: trimNumeric(r.close),
  volume: trimNumeric(r.volume),
});

/** Candles with `from <= time <= to`, oldest first. */
export async function readCandles(
  db: DbOrTx,
  table: CandleTable,
  symbol: string,
  from: number,
  to: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(table.symbol, symbol), gte(table.time, from), lte(table.time, to)))
    .orderBy(asc(table.time));
  return rows.map(toCandle);
}

/** The newest `limit` candles (at or before `atOrBefore` when given), oldest first. */
export async function lastCandles(
  db: DbOrTx,
  table: CandleTable,
  symbol: string,
  limit: number,
  atOrBefore?: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(table)
    .where(and(eq(table.symbol, symbol), atOrBefore === undefined ? undefined : lte(table.time, atOrBefore)))
    .orderBy(desc(table.time))
    .limit(limit);
  return rows.reverse().map(toCandle);
}

/** What a market list row needs of a symbol's newest minutes (`candleWindow`). */
export interface CandleWindow {
  /** How many minutes the window holds (at most the size asked for). */
  count: number;
  /** The oldest minute's open, the window's high and low; null when it holds none. */
  open: string | null;
  high: string | null;
  low: string | null;
  /** The close of every `step`-th minute from the oldest, step = max(1, floor(count / points)). */
  closes: string[];
}

/**
 * The newest `size` 1-minute candles of a symbol, summed up by the database: the market list
 * needs their first open, high, low and a few closes, not 1,440 rows each (reading them into
 * JavaScript took 20-30 ms per symbol on PGlite, most of a list's build; now about 3).
 */
export async function candleWindow(
  db: DbOrTx,
  symbol: string,
  size: number,
  points: number,
): Promise<CandleWindow> {
  // One row back: the aggregates and every close as one text (splitting it is cheaper than a
  // window function that numbers the rows: 3 ms against 6 ms a symbol on PGlite).
  const result = await db.execute(sql`
    with w as (
      select time, open, high, low, close from ${candles1m}
      where symbol = ${symbol} order by time desc limit ${size}
    )
    select count(*)::int as count, (array_agg(open::text order by time))[1] as open,
      max(high)::text as high, min(low)::text as low, string_agg(close::text, ',' order by time) as closes
    from w
  `);
  const row = rowsOf<{
    count: number | string;
    open: string | null;
    high: string | null;
    low: string | null;
    closes: string | null;
  }>(result)[0];
  const trimmed = (value: string | null | undefined) => (value == null ? null : trimNumeric(value));
  const count = Number(row?.count ?? 0);
  const step = Math.max(1, Math.floor(count / points));
  const closes = row?.closes ? row.closes.split(',') : [];
  return {
    count,
    open: trimmed(row?.open),
    high: trimmed(row?.high),
    low: trimmed(row?.low),
    closes: closes.filter((_, i) => i % step === 0).map(trimNumeric),
  };
}

/** Drops a symbol's candles older than `before` (retention of the 1-minute series). */
export async function deleteCandlesBefore(
  db: DbOrTx,
  table: CandleTable,
  symbol: string,
  before: number,
): Promise<void> {
  await db.delete(table).where(and(eq(table.symbol, symbol), lt(table.time, before)));
}

// ---------------------------------------------------------------------------------------------
// Rollups: closed candles of the intervals between and above the stored 1m and 1D series

/** Stores closed candles of `interval`; a bucket stored again is overwritten with the same values. */
export async function storeRollups(
  db: DbOrTx,
  symbol: string,
  interval: string,
  candles: readonly Candle[],
): Promise<void> {
  for (let i = 0; i < candles.length; i += BATCH) {
    const json = candleRecords(candles.slice(i, i + BATCH));
    await db.execute(sql`
      insert into candle_rollups (symbol, interval, time, open, high, low, close, volume)
      select ${symbol}, ${interval}, r.* from (${unpacked(json)}) as r
      on conflict (symbol, interval, time) do update
        set open = excluded.open, high = excluded.high, low = excluded.low,
            close = excluded.close, volume = excluded.volume`);
  }
}

const rollupColumns = {
  time: candleRollups.time,
  open: candleRollups.open,
  high: candleRollups.high,
  low: candleRollups.low,
  close: candleRollups.close,
  volume: candleRollups.volume,
};

const rollupsOf = (symbol: string, interval: string) =>
  and(eq(candleRollups.symbol, symbol), eq(candleRollups.interval, interval));

/** The newest `limit` stored rollups of `interval` starting at or before `to`, oldest first. */
export async function lastRollups(
  db: DbOrTx,
  symbol: string,
  interval: string,
  to: number,
  limit: number,
): Promise<Candle[]> {
  const rows = await db
    .select(rollupColumns)
    .from(candleRollups)
    .where(and(rollupsOf(symbol, interval), lte(candleRollups.time, to)))
    .orderBy(desc(candleRollups.time))
    .limit(limit);
  return rows.reverse().map((r) => toCandle({ symbol, ...r }));
}

/** Stored rollups of `interval` with `from <= time <= to`, oldest first. */
export async function readRollups(
  db: DbOrTx,
  symbol: string,
  interval: string,
  from: number,
  to: number,
): Promise<Candle[]> {
  const rows = await db
    .select(rollupColumns)
    .from(candleRollups)
    .where(and(rollupsOf(symbol, interval), gte(candleRollups.time, from), lte(candleRollups.time, to)))
    .orderBy(asc(candleRollups.time));
  return rows.map((r) => toCandle({ symbol, ...r }));
}

/** The oldest and newest stored rollup times of `interval`, null when there are none. */
export async function rollupBounds(
  db: DbOrTx,
  symbol: string,
  interval: string,
): Promise<{ first: number | null; last: number | null }> {
  const [row] = await db
    .select({ first: min(candleRollups.time), last: max(candleRollups.time) })
    .from(candleRollups)
    .where(rollupsOf(symbol, interval));
  return { first: row?.first ?? null, last: row?.last ?? null };
}
