import type { FieldsOf } from '../../../protocol/contract.ts';
import { MARKET_CATEGORIES } from '../../../protocol/markets.ts';
import { fetchData } from '../../lib/api.ts';
import { refreshMarkets } from '../markets/index.ts';

export const getDetails = (symbol: string) => fetchData('10071', { symbol });

/**
 * Every instrument of the market lists, once each, in list order: the picker's choices. Read
 * without toasts (the screen works with the current symbol alone) and after the screen is up
 * (./picker-symbols.ts): five market lists are the order screen's largest reads.
 */
export async function getSymbols(): Promise<string[]> {
  const lists = await Promise.all(
    MARKET_CATEGORIES.filter((c) => c !== 'popular').map((category) => refreshMarkets(category)),
  );
  return lists.flat().map((row) => row.symbol);
}

export const placeOrder = (fields: FieldsOf<'10073'>) => fetchData('10073', fields);
export const modifyOrder = (fields: FieldsOf<'10074'>) => fetchData('10074', fields);
export const closePosition = (fields: FieldsOf<'10076'>) => fetchData('10076', fields);
export const cancelOrder = (fields: FieldsOf<'10079'>) => fetchData('10079', fields);
export const getCurrent = () => fetchData('10080');
export const getHistory = (page: number) => fetchData('10081', { page, size: 20 });
export const getOrder = (id: number) => fetchData('10082', { id });
