/**
 * Markets: 10068 market list by category, 10069 candles, 10071 one instrument's quote and rules,
 * plus a Server-Sent Events stream of ticks (GET /adc/stream/ticks?symbols=A,B).
 */
import * as v from 'valibot';
import { MARKET_LIST_SCOPES, type MarketCategory } from './market-categories.ts';
import type { TradingRules } from './trading.ts';

export {
  MARKET_CATEGORIES,
  MARKET_LIST_SCOPES,
  type MarketCategory,
  type MarketListScope,
} from './market-categories.ts';

/** docs/spec/product.md section 2: the thirteen chart intervals. */
export const INTERVALS = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '4h',
  '1D',
  '5D',
  '1w',
  '1M',
  '3M',
  '6M',
] as const;
export type Interval = (typeof INTERVALS)[number];

/**
 * Intervals built from 1-minute candles, with their length in milliseconds; they align in UTC.
 * The others are built from trading-day candles and follow the instrument's calendar.
 */
export const INTRADAY_MS = {
  '1m': 60_000,
  '3m': 3 * 60_000,
  '5m': 5 * 60_000,
  '15m': 15 * 60_000,
  '30m': 30 * 60_000,
  '1h': 3_600_000,
  '4h': 4 * 3_600_000,
} as const satisfies Partial<Record<Interval, number>>;
export type IntradayInterval = keyof typeof INTRADAY_MS;

export function isIntraday(interval: Interval): interval is IntradayInterval {
  return Object.hasOwn(INTRADAY_MS, interval);
}

/** docs/spec/product.md section 2: chart types; the default is candle_solid. */
export const CHART_TYPES = ['candle_solid', 'ohlc', 'area', 'time_share'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/**
 * Trading hours: days of the week (0 Sunday .. 6 Saturday) and a daily window in the
 * instrument's own time zone; `always` for markets that never close (crypto).
 */
export type TradingHours =
  | { kind: 'always' }
  | { kind: 'weekly'; timeZone: string; days: number[]; open: string; close: string };

export interface Instrument {
  symbol: string;
  name: string;
  category: Exclude<MarketCategory, 'popular'>;
  popular: boolean;
  /** Digits after the point in prices. */
  precision: number;
  /** Full bid/ask spread as a decimal string in price units. */
  spread: string;
  hours: TradingHours;
}

export interface Quote {
  symbol: string;
  bid: string;
  ask: string;
  last: string;
  /** Unix milliseconds of the last tick. */
  at: number;
  open: boolean;
  /**
   * Set when a live feed has gone quiet: since when (Unix ms) its price is older than the
   * instrument's staleness limit. The instrument is then halted (`open` is false): no fills, no
   * triggers, no quotes, alerts paused (docs/markets.md, "Guard rails").
   */
  delayedSince?: number;
  /** While the market is closed by its trading hours: when its next session opens (Unix ms). */
  opensAt?: number;
}

export interface MarketRow {
  symbol: string;
  name: string;
  category: Exclude<MarketCategory, 'popular'>;
  precision: number;
  last: string;
  change24h: string;
  changePercent24h: string;
  high24h: string;
  low24h: string;
  /** Recent closes, oldest first, for the sparkline. */
  sparkline: string[];
  open: boolean;
}

/** One candle; `time` is the bucket's start in Unix milliseconds. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface InstrumentDetails {
  instrument: Instrument;
  quote: Quote;
  /** How it trades (docs/trading.md); null where the operator has not opened it for trading. */
  trading: TradingRules | null;
  /** True while the prices come from the simulated feed: screens say so. */
  simulated: boolean;
}

export const instrumentSymbol = v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,16}$/));
const symbol = instrumentSymbol;

export const marketListRequest = v.object({
  category: v.optional(v.picklist(MARKET_LIST_SCOPES), 'popular'),
});

export const candlesRequest = v.object({
  symbol,
  interval: v.picklist(INTERVALS),
  /** Candles ending at or before this time (Unix ms); default now. */
  end: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{10,13}$/), v.transform(Number))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,3}$/), v.transform(Number), v.maxValue(1000)),
    '300',
  ),
});

export const quoteRequest = v.object({ symbol });
