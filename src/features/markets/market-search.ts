import type { MarketRow } from '../../../protocol/markets.ts';

/** Letters and digits only, lower case: "EUR/USD", "eur usd" and "EURUSD" all read "eurusd". */
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The rows whose symbol or name contains the query, in list order; every row for an empty query. */
export function matchingRows(rows: readonly MarketRow[], query: string): MarketRow[] {
  const q = plain(query);
  if (!q) return [...rows];
  return rows.filter((r) => plain(r.symbol).includes(q) || plain(r.name).includes(q));
}

/** The favourite rows, in the order they were starred; symbols no longer listed are left out. */
export function favouriteRows(rows: readonly MarketRow[], symbols: readonly string[]): MarketRow[] {
  const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
  return symbols.flatMap((s) => bySymbol.get(s) ?? []);
}
