import { MARKET_CATEGORIES, type MarketCategory } from '../../../protocol/market-categories.ts';
import { paths } from '../../lib/paths.ts';

/** `/instrument/BTCUSDT`. */
export function instrumentPath(symbol: string): string {
  return paths.instrument.path.replace(':symbol', encodeURIComponent(symbol));
}

/** What the home page's ticker strip shows. */
export const TICKER_CATEGORY: MarketCategory = 'popular';

/** The market list screens and the category each opens with when the query names none. */
export const MARKET_LIST_DEFAULTS: Readonly<Record<string, MarketCategory>> = {
  [paths.marketPrices.path]: 'popular',
  [paths.exMarketPrices.path]: 'popular',
  [paths.spotGoods.path]: 'crypto',
};

function isCategory(value: string | null): value is MarketCategory {
  return (MARKET_CATEGORIES as readonly string[]).includes(value ?? '');
}

/** The category a market list shows: `?category=` when it names one, else the screen's default. */
export function categoryOf(search: string, fallback: MarketCategory): MarketCategory {
  const asked = new URLSearchParams(search).get('category');
  return isCategory(asked) ? asked : fallback;
}
