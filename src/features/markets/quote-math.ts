/**
 * What a tick moves on a market row: the last price and, with it, the 24-hour change and its
 * percentage, in exact decimal arithmetic (protocol/money.ts through src/lib/format.ts). Loaded with the tick
 * stream (./live.ts), not with the first page: the rows the server sends are shown as they are.
 */
import type { MarketRow, Quote } from '../../../protocol/markets.ts';
import { parseDecimal, ROUND_HALF_UP } from '../../lib/format.ts';

export { compareDecimal } from '../../lib/format.ts';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * The change and change percent of `last` against the price 24 hours ago, where that reference is
 * recovered from a row (`last - change24h`). Used when a tick moves the last price between two
 * refreshes of the list. Null when the reference is missing or zero.
 */
export function changeAgainst(
  row: Pick<MarketRow, 'last' | 'change24h'>,
  last: string,
): { change: string; percent: string } | null {
  if (!DECIMAL.test(row.last) || !DECIMAL.test(row.change24h) || !DECIMAL.test(last)) return null;
  const rowLast = parseDecimal(row.last);
  const change24h = parseDecimal(row.change24h);
  const moved = parseDecimal(last);
  if (!rowLast || !change24h || !moved) return null;
  const reference = rowLast.minus(change24h);
  if (reference.eq(0)) return null;
  const change = moved.minus(reference);
  return {
    change: change.toFixed(),
    percent: change.times(100).div(reference).toDecimalPlaces(4, ROUND_HALF_UP).toFixed(),
  };
}

/** A row moved to the price of a tick; the same row when the tick changes nothing. */
export function applyQuote(row: MarketRow, quote: Quote): MarketRow {
  if (quote.symbol !== row.symbol) return row;
  if (quote.last === row.last && quote.open === row.open) return row;
  const moved = changeAgainst(row, quote.last);
  return {
    ...row,
    last: quote.last,
    open: quote.open,
    ...(moved ? { change24h: moved.change, changePercent24h: moved.percent } : {}),
  };
}
