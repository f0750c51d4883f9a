import { MARKET_CATEGORIES } from '../../../protocol/markets.ts';
import type { OrderKind, Side } from '../../../protocol/trading.ts';
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

export const placeOrder = (fields: {
  symbol: string;
  side: Side;
  kind: OrderKind;
  lots: string;
  price: string;
  stopLoss: string;
  takeProfit: string;
  requestId: string;
}) => fetchData('10073', fields);
export const modifyOrder = (fields: {
  id: number;
  price: string;
  stopLoss: string;
  takeProfit: string;
  requestId: string;
}) => fetchData('10074', fields);
export const closePosition = (fields: { id: number; requestId: string }) => fetchData('10076', fields);
export const cancelOrder = (fields: { id: number; requestId: string }) => fetchData('10079', fields);
export const getCurrent = () => fetchData('10080');
export const getHistory = (page: number) => fetchData('10081', { page, size: 20 });
export const getOrder = (id: number) => fetchData('10082', { id });
