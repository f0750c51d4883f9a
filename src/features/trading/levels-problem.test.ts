import type { TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import { levelsProblem } from './use-order-form.ts';

// The key and its values, so a test sees which message the form would show.
const t = ((key: string, values?: { field?: string }) =>
  values?.field ? `${key}(${values.field})` : key) as unknown as TFunction;
const tick = { bid: '1.1000', ask: '1.1002' };
const market = { kind: 'market', side: 'buy', price: null, stopLoss: '', takeProfit: '', tick } as const;

describe("an order's price and levels, as the place and edit forms check them", () => {
  test('no levels, or levels on the right side: nothing to say', () => {
    expect(levelsProblem(t, market)).toBe('');
    expect(levelsProblem(t, { ...market, stopLoss: '1.09', takeProfit: '1.2' })).toBe('');
  });

  test('a figure that is not a price is named, the price first', () => {
    expect(levelsProblem(t, { ...market, kind: 'buy_limit', price: '1.0.1', stopLoss: 'x' })).toBe(
      'errors.field_invalid(trading.price)',
    );
    expect(levelsProblem(t, { ...market, stopLoss: 'x', takeProfit: 'y' })).toBe(
      'errors.field_invalid(trading.stopLoss)',
    );
    expect(levelsProblem(t, { ...market, takeProfit: '-1' })).toBe(
      'errors.field_invalid(trading.takeProfit)',
    );
  });

  test('a level or a pending price on the wrong side says which', () => {
    expect(levelsProblem(t, { ...market, stopLoss: '1.2' })).toBe('errors.stop_loss_wrong_side');
    expect(levelsProblem(t, { ...market, takeProfit: '1.0' })).toBe('errors.take_profit_wrong_side');
    expect(levelsProblem(t, { ...market, kind: 'buy_limit', price: '1.2' })).toBe(
      'errors.pending_price_wrong_side',
    );
  });
});
