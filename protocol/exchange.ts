/**
 * Flash exchange: 10030 pairs and a quote, 10031 execute at a quote, 10034 records.
 * The rules (price, spread, fee, rounding) are in docs/exchange.md.
 */
import * as v from 'valibot';
import { paging, requestId } from './validation.ts';

/** How long a quote can be executed, in milliseconds. */
export const QUOTE_TTL_MS = 10_000;

/** A pair id is `FROM_TO`, e.g. `USDT_BTC` (send USDT, receive BTC). */
export const PAIR_PATTERN = /^[A-Z0-9]{2,12}_[A-Z0-9]{2,12}$/;

export function pairId(from: string, to: string): string {
  return `${from}_${to}`;
}

export interface ExchangePair {
  /** `FROM_TO`. */
  pair: string;
  /** The coin the user sends. */
  from: string;
  /** The coin the user receives. */
  to: string;
  /** Smallest and largest amount of `from` one exchange may send. */
  min: string;
  max: string;
  /** Digits after the point of `from` and `to`. */
  fromPrecision: number;
  toPrecision: number;
  /** Percent taken from the received amount, e.g. "0.1". */
  feePercent: string;
  /** Percent the price is moved from the market's mid price against the user, e.g. "0.2". */
  spreadPercent: string;
}

export interface ExchangeQuote {
  /** Give it to 10031 within the validity; it is single use. */
  quoteId: string;
  pair: string;
  from: string;
  to: string;
  /** The price as markets show it: `quoteCoin` per one `baseCoin`, spread included. */
  price: string;
  baseCoin: string;
  quoteCoin: string;
  /** The amount asked about, with what it yields; null when no amount was given. */
  amount: string | null;
  /** `to` the amount buys before the fee. */
  gross: string | null;
  fee: string | null;
  /** `to` the user receives: gross - fee. */
  receive: string | null;
  issuedAt: number;
  expiresAt: number;
}

export interface ExchangeQuoteResponse {
  pairs: ExchangePair[];
  /** Present when the request named a pair. */
  quote: ExchangeQuote | null;
}

const amountText = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/));
const pair = v.pipe(v.string(), v.regex(PAIR_PATTERN));

/** No fields: the pairs only. `pair`: a quote too; `amount`: what it yields. */
export const exchangeQuoteRequest = v.object({
  pair: v.optional(pair),
  amount: v.optional(amountText),
});

export const exchangeRequest = v.object({
  pair,
  amount: amountText,
  quoteId: v.pipe(v.string(), v.uuid()),
  requestId,
});
export type ExchangeRequest = v.InferOutput<typeof exchangeRequest>;

export interface ExchangeRecord {
  id: number;
  pair: string;
  from: string;
  to: string;
  /** Sent, in `from`. */
  amount: string;
  price: string;
  baseCoin: string;
  quoteCoin: string;
  gross: string;
  fee: string;
  /** Received, in `to`. */
  receive: string;
  createdAt: number;
}

export const exchangeRecordsRequest = v.object({
  ...paging(),
});
