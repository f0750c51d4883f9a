/** Instruments and stored candles. */
import { and, asc, desc, eq, gte, lt, lte, max } from 'drizzle-orm';
import type { Candle, Instrument } from '../../../protocol/markets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { dec, fmt } from '../../ledger/money.ts';
import { type candles1d, type candles1m, instruments } from './markets.schema.ts';

export type CandleTable = typeof candles1m | typeof candles1d;

export async function listInstruments(db: DbOrTx): Promise<Instrument[]> {
  const rows = await db
    .select()
    .from(instruments)
    .where(eq(instruments.enabled, true))
    .orderBy(asc(instruments.sort));
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

const BATCH = 1000;

export async function storeCandles(
  db: DbOrTx,
  table: CandleTable,
  symbol: string,
  candles: readonly Candle[],
): Promise<void> {
  for (let i = 0; i < candles.length; i += BATCH) {
    const rows = candles.slice(i, i + BATCH).map((c) => ({ symbol, ...c }));
    await db.insert(table).values(rows).onConflictDoNothing();
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
  open: fmt(dec(r.open)),
  high: fmt(dec(r.high)),
  low: fmt(dec(r.low)),
  close: fmt(dec(r.close)),
  volume: fmt(dec(r.volume)),
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

/** The newest `limit` candles, oldest first. */
export async function lastCandles(
  db: DbOrTx,
  table: CandleTable,
  symbol: string,
  limit: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(table)
    .where(eq(table.symbol, symbol))
    .orderBy(desc(table.time))
    .limit(limit);
  return rows.reverse().map(toCandle);
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
