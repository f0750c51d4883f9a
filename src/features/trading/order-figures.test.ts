import { describe, expect, test } from 'vitest';
import type { TradingRules } from '../../../protocol/trading.ts';
import { entryPrice, levelFigures, rateOf, requiredMargin, stepLots } from './order-figures.ts';

const eurusd: TradingRules = {
  symbol: 'EURUSD',
  contractSize: '100000',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  leverage: 100,
  commissionPerLot: '3.5',
  quoteCurrency: 'USD',
};
const usdjpy: TradingRules = { ...eurusd, symbol: 'USDJPY', quoteCurrency: 'JPY' };

describe('the order form figures', () => {
  test('lots step within the bounds', () => {
    expect(stepLots('0.01', eurusd, 1)).toBe('0.02');
    expect(stepLots('0.01', eurusd, -1)).toBe('0.01');
    expect(stepLots('50', eurusd, 1)).toBe('50');
    expect(stepLots('x', eurusd, 1)).toBe('0.02');
  });

  test('margin and the result at a level, in USDT, from the instrument’s own rate', () => {
    const tick = { bid: '1.16000', ask: '1.16008' };
    const entry = entryPrice('market', 'buy', '', tick);
    expect(entry).toBe('1.16008');
    expect(requiredMargin(eurusd, '0.1', entry, tick)).toBe('116.008');
    expect(levelFigures(eurusd, 'buy', '0.1', entry, '1.15', tick)).toEqual({
      distance: '0.01008',
      usdt: '-100.8',
    });
    expect(entryPrice('buy_limit', 'buy', '1.155', tick)).toBe('1.155');
    expect(entryPrice('buy_limit', 'buy', '', tick)).toBeNull();
    const yen = { bid: '150.000', ask: '150.010' };
    expect(rateOf(usdjpy, yen)).toBe('0.006666444451851604');
    expect(levelFigures(usdjpy, 'sell', '0.1', '150', '149', yen)?.usdt).toBe('66.664444');
  });
});
