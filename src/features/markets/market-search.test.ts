import { describe, expect, test } from 'vitest';
import type { MarketRow } from '../../../protocol/markets.ts';
import { favouriteRows, matchingRows } from './market-search.ts';

const row = (symbol: string, name: string) => ({ symbol, name }) as MarketRow;
const ROWS = [
  row('BTCUSDT', 'Bitcoin'),
  row('EURUSD', 'Euro / US Dollar'),
  row('XAUUSD', 'Gold'),
  row('ETHUSDT', 'Ethereum'),
];

describe('market search', () => {
  test('by symbol or name, whatever the case, spaces or slashes', () => {
    expect(matchingRows(ROWS, 'btc').map((r) => r.symbol)).toEqual(['BTCUSDT']);
    expect(matchingRows(ROWS, 'eur/usd').map((r) => r.symbol)).toEqual(['EURUSD']);
    expect(matchingRows(ROWS, 'Euro US').map((r) => r.symbol)).toEqual(['EURUSD']);
    expect(matchingRows(ROWS, 'gold').map((r) => r.symbol)).toEqual(['XAUUSD']);
    expect(matchingRows(ROWS, 'usdt').map((r) => r.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  test('an empty query lists everything; no match lists nothing', () => {
    expect(matchingRows(ROWS, '  ')).toHaveLength(4);
    expect(matchingRows(ROWS, 'zzz')).toEqual([]);
  });

  test('favourites in the order they were starred, unknown symbols left out', () => {
    expect(favouriteRows(ROWS, ['XAUUSD', 'GONE', 'BTCUSDT']).map((r) => r.symbol)).toEqual([
      'XAUUSD',
      'BTCUSDT',
    ]);
  });
});
