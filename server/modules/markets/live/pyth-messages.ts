/**
 * Pyth's Hermes API, in the formats of its public documentation (docs.pyth.network, "Hermes" and
 * "Fetch price updates"): `GET /v2/updates/price/latest?ids[]=…&parsed=true` and the SSE stream
 * `GET /v2/updates/price/stream?ids[]=…&parsed=true`, whose every event's data is the same JSON as
 * the latest answer: `{"binary":{…},"parsed":[{"id":"<hex>","price":{"price":"184136023127",
 * "conf":"177166324","expo":-8,"publish_time":1692110601},"ema_price":{…},"metadata":{…}}]}`.
 * An API key, when set, travels as `Authorization: Bearer <key>` (required by the public instance
 * since 31 July 2026).
 *
 * Prices are integers scaled by 10^expo and are decoded exactly (the one decimal engine,
 * protocol/money.ts). Parsing never throws: a malformed event yields no prices.
 */
import { exact, fmt } from '../../../../protocol/money.ts';
import { widen } from './widen.ts';

export interface PythPrice {
  /** The feed id, 64 lower-case hex digits without `0x`. */
  id: string;
  /** price x 10^expo, exactly. */
  price: string;
  /** conf x 10^expo, exactly: Pyth's confidence interval around the price. */
  conf: string;
  /** publish_time in Unix ms. */
  publishedAt: number;
}

const FEED_ID = /^(?:0x)?([0-9a-fA-F]{64})$/;
const SIGNED_INT = /^-?(0|[1-9][0-9]*)$/;
const UNSIGNED_INT = /^(0|[1-9][0-9]*)$/;

export function feedId(value: string): string | null {
  const m = FEED_ID.exec(value);
  return m?.[1] ? m[1].toLowerCase() : null;
}

/** An integer string scaled by 10^expo, as an exact decimal string. */
export function decodeScaled(integer: string, expo: number): string {
  return fmt(exact(integer).times(exact(10).pow(expo)));
}

function parseEntry(entry: unknown): PythPrice | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { id, price } = entry as { id?: unknown; price?: unknown };
  if (typeof id !== 'string' || typeof price !== 'object' || price === null) return null;
  const p = price as { price?: unknown; conf?: unknown; expo?: unknown; publish_time?: unknown };
  const feed = feedId(id);
  if (
    !feed ||
    typeof p.price !== 'string' ||
    !SIGNED_INT.test(p.price) ||
    typeof p.conf !== 'string' ||
    !UNSIGNED_INT.test(p.conf) ||
    typeof p.expo !== 'number' ||
    !Number.isInteger(p.expo) ||
    Math.abs(p.expo) > 30 ||
    typeof p.publish_time !== 'number' ||
    !Number.isSafeInteger(p.publish_time)
  )
    return null;
  return {
    id: feed,
    price: decodeScaled(p.price, p.expo),
    conf: decodeScaled(p.conf, p.expo),
    publishedAt: p.publish_time * 1000,
  };
}

/** The parsed prices of one answer or SSE event's data; malformed entries are left out. */
export function parseUpdate(text: string): PythPrice[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = (body as { parsed?: unknown } | null)?.parsed;
  if (!Array.isArray(parsed)) return [];
  return parsed.map(parseEntry).filter((p): p is PythPrice => p !== null);
}

function query(base: string, path: string, ids: readonly string[]): string {
  const q = ids.map((id) => `ids[]=${id}`).join('&');
  return `${base.replace(/\/+$/, '')}${path}?${q}&parsed=true`;
}

export const latestUrl = (base: string, ids: readonly string[]) =>
  query(base, '/v2/updates/price/latest', ids);
export const streamUrl = (base: string, ids: readonly string[]) =>
  query(base, '/v2/updates/price/stream', ids);

/** The request headers: the API key as a bearer token, when one is configured. */
export function hermesHeaders(apiKey: string | null): Record<string, string> {
  return apiKey
    ? { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' }
    : { accept: 'text/event-stream' };
}

/**
 * The bid and ask the platform quotes from an oracle price (docs/markets.md, "Live feeds"): the
 * price minus and plus its confidence interval, widened as every live quote is (./widen.ts). Null
 * when the bid would not be positive (an oracle price that uncertain is no price to trade at).
 */
export function quoteFromOracle(
  p: Pick<PythPrice, 'price' | 'conf'>,
  markup: string,
  precision: number,
): { bid: string; ask: string } | null {
  return widen(fmt(exact(p.price).minus(p.conf)), fmt(exact(p.price).plus(p.conf)), markup, precision);
}
