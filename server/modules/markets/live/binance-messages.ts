/**
 * Binance's public spot market data, in the exact formats of its public documentation
 * (binance-spot-api-docs, web-socket-streams.md and rest-api.md): the combined stream's envelope
 * `{"stream":"<name>","data":<payload>}`, `<symbol>@bookTicker` (best bid and ask), `<symbol>@aggTrade`
 * (last price and size), and the REST klines used to backfill candles. Many exchanges speak the
 * same format, so the base URLs are settings (docs/markets.md, "Live feeds").
 *
 * Parsing never throws: a message that is not valid JSON, not one of these payloads, or carries a
 * price that is not a positive plain decimal is `null`, and the stream counts it and goes on.
 */
import type { Candle } from '../../../../protocol/markets.ts';

/** The best bid and ask: `{"u":400900217,"s":"BNBUSDT","b":"25.35","B":"31.21","a":"25.36","A":"40.66"}`. */
export interface BookTicker {
  kind: 'book';
  /** Upper case, as the instrument is named (`BTCUSDT`). */
  symbol: string;
  /** The order book's update id: later updates carry larger ids. */
  updateId: number;
  bid: string;
  ask: string;
}

/** A trade aggregated for one taker order: `{"e":"aggTrade","E":…,"s":…,"a":…,"p":…,"q":…,"T":…,…}`. */
export interface AggTrade {
  kind: 'trade';
  symbol: string;
  /** The aggregate trade id: later trades carry larger ids. */
  tradeId: number;
  price: string;
  quantity: string;
  /** Trade time, Unix ms. */
  time: number;
}

export type BinanceMessage = BookTicker | AggTrade;

const PRICE = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const positive = (value: unknown): value is string =>
  typeof value === 'string' && PRICE.test(value) && /[1-9]/.test(value);
const count = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One raw payload (the `data` of a combined stream, or a raw stream's message). */
export function parsePayload(data: unknown): BinanceMessage | null {
  if (!record(data) || typeof data.s !== 'string' || !/^[A-Z0-9]{2,20}$/.test(data.s)) return null;
  if (data.e === 'aggTrade' || data.e === 'trade') {
    const id = data.e === 'aggTrade' ? data.a : data.t;
    if (
      !count(id) ||
      !positive(data.p) ||
      typeof data.q !== 'string' ||
      !PRICE.test(data.q) ||
      !count(data.T)
    )
      return null;
    return { kind: 'trade', symbol: data.s, tradeId: id, price: data.p, quantity: data.q, time: data.T };
  }
  if (data.e === undefined && count(data.u) && positive(data.b) && positive(data.a)) {
    return { kind: 'book', symbol: data.s, updateId: data.u, bid: data.b, ask: data.a };
  }
  return null;
}

/** A combined stream's text frame, or null for anything else (malformed JSON included). */
export function parseCombined(text: string): BinanceMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!record(parsed) || typeof parsed.stream !== 'string') return null;
  return parsePayload(parsed.data);
}

/** The streams one connection follows for `symbols`: the book and the trades of each. */
export function streamNames(symbols: readonly string[]): string[] {
  return symbols.flatMap((s) => [`${s.toLowerCase()}@bookTicker`, `${s.toLowerCase()}@aggTrade`]);
}

/** `<base>/stream?streams=a/b/c`: one combined connection (at most 1024 streams each, by the docs). */
export function combinedStreamUrl(base: string, symbols: readonly string[]): string {
  return `${base.replace(/\/+$/, '')}/stream?streams=${streamNames(symbols).join('/')}`;
}

/** At most this many klines per REST request (the endpoint's `limit` maximum). */
export const KLINES_LIMIT = 1000;

/** `GET /api/v3/klines` for bars of `interval` from `startMs` to `endMs` (both inclusive). */
export function klinesUrl(
  base: string,
  symbol: string,
  startMs: number,
  endMs: number,
  interval: '1m' | '1d' = '1m',
): string {
  const q = new URLSearchParams({
    symbol,
    interval,
    startTime: String(startMs),
    endTime: String(endMs),
    limit: String(KLINES_LIMIT),
  });
  return `${base.replace(/\/+$/, '')}/api/v3/klines?${q}`;
}

/**
 * The REST answer: an array of `[openTime, open, high, low, close, volume, closeTime, …]`. Rows
 * that do not have that shape are left out rather than guessed; the result is ordered by time and
 * has no two bars with the same start.
 */
export function parseKlines(body: unknown): Candle[] {
  if (!Array.isArray(body)) return [];
  const bars = new Map<number, Candle>();
  for (const row of body) {
    if (!Array.isArray(row) || !count(row[0])) continue;
    const [time, open, high, low, close, volume] = row as [number, ...unknown[]];
    if (![open, high, low, close].every(positive) || typeof volume !== 'string' || !PRICE.test(volume))
      continue;
    bars.set(time, {
      time,
      open: open as string,
      high: high as string,
      low: low as string,
      close: close as string,
      volume,
    });
  }
  return [...bars.values()].sort((a, b) => a.time - b.time);
}
