/**
 * docs/spec/product.md section 2: Popular, Cryptocurrency, Crude Oil, Forex, Gold, Stock Index. A module of its
 * own, free of the market schemas: the first page's routes name the categories, and importing
 * protocol/markets.ts would bring valibot into it.
 */
export const MARKET_CATEGORIES = ['popular', 'crypto', 'crude_oil', 'forex', 'gold', 'stock_index'] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];

/** What 10068 lists: one category, or every instrument (`all`: search and favourites). */
export const MARKET_LIST_SCOPES = [...MARKET_CATEGORIES, 'all'] as const;
export type MarketListScope = (typeof MARKET_LIST_SCOPES)[number];
