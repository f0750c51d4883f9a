import { describe, expect, test } from 'vitest';
import {
  checkLevels,
  closePrice,
  exitTriggered,
  lotsAllowed,
  marginUsdt,
  openPrice,
  pendingTriggered,
  profitInQuote,
  type Tick,
  toUsdt,
  usdtPerUnit,
} from './trading.ts';

const tick = (bid: string, ask: string): Tick => ({ bid, ask });

describe('fills and the prices triggers watch (MT5)', () => {
  test('buy opens at the ask and closes at the bid; sell the other way round', () => {
    const t = tick('1.16000', '1.16008');
    expect([openPrice('buy', t), closePrice('buy', t)]).toEqual(['1.16008', '1.16000']);
    expect([openPrice('sell', t), closePrice('sell', t)]).toEqual(['1.16000', '1.16008']);
  });

  test('pending orders trigger at their exact boundary, on the right side of the spread', () => {
    // Buy Limit ask <= p
    expect(pendingTriggered('buy_limit', '1.16', tick('1.15992', '1.16'))).toBe(true);
    expect(pendingTriggered('buy_limit', '1.16', tick('1.15993', '1.16001'))).toBe(false);
    // Buy Stop ask >= p
    expect(pendingTriggered('buy_stop', '1.17', tick('1.16992', '1.17'))).toBe(true);
    expect(pendingTriggered('buy_stop', '1.17', tick('1.16991', '1.16999'))).toBe(false);
    // Sell Limit bid >= p
    expect(pendingTriggered('sell_limit', '1.17', tick('1.17', '1.17008'))).toBe(true);
    expect(pendingTriggered('sell_limit', '1.17', tick('1.16999', '1.17007'))).toBe(false);
    // Sell Stop bid <= p
    expect(pendingTriggered('sell_stop', '1.15', tick('1.15', '1.15008'))).toBe(true);
    expect(pendingTriggered('sell_stop', '1.15', tick('1.15001', '1.15009'))).toBe(false);
    // A bid at a Buy Limit's price is not enough: buys watch the ask.
    expect(pendingTriggered('buy_limit', '1.16', tick('1.16', '1.16008'))).toBe(false);
  });

  test('stop loss and take profit: a long watches the bid, a short the ask, at the exact level', () => {
    const long = { stopLoss: '1.15', takeProfit: '1.17' };
    expect(exitTriggered('buy', long, tick('1.15', '1.15008'))).toBe('stop_loss');
    expect(exitTriggered('buy', long, tick('1.15001', '1.15009'))).toBeNull();
    expect(exitTriggered('buy', long, tick('1.17', '1.17008'))).toBe('take_profit');
    expect(exitTriggered('buy', long, tick('1.16999', '1.17007'))).toBeNull();
    // The ask at the long's TP does not close it.
    expect(exitTriggered('buy', long, tick('1.16992', '1.17'))).toBeNull();
    const short = { stopLoss: '1.17', takeProfit: '1.15' };
    expect(exitTriggered('sell', short, tick('1.16992', '1.17'))).toBe('stop_loss');
    expect(exitTriggered('sell', short, tick('1.16991', '1.16999'))).toBeNull();
    expect(exitTriggered('sell', short, tick('1.14992', '1.15'))).toBe('take_profit');
    expect(exitTriggered('sell', short, tick('1.14993', '1.15001'))).toBeNull();
    expect(exitTriggered('buy', { stopLoss: null, takeProfit: null }, tick('0.1', '0.2'))).toBeNull();
  });

  test('a gap fills at the first tick past the level, not at the level', () => {
    // Sell Stop at 1.15; the market gaps from 1.152 to 1.14: filled at the bid 1.14.
    const gap = tick('1.14', '1.14008');
    expect(pendingTriggered('sell_stop', '1.15', gap)).toBe(true);
    expect(openPrice('sell', gap)).toBe('1.14');
    // A long with SL 1.15 gapping to 1.14 closes at the bid 1.14, losing more than to the level.
    expect(exitTriggered('buy', { stopLoss: '1.15', takeProfit: null }, gap)).toBe('stop_loss');
    expect(closePrice('buy', gap)).toBe('1.14');
    // A gap across both levels counts as the stop loss.
    expect(exitTriggered('buy', { stopLoss: '1.15', takeProfit: '1.1' }, gap)).toBe('stop_loss');
  });
});

describe('where levels may lie', () => {
  const t = tick('150.000', '150.010');
  const check = (over: Partial<Parameters<typeof checkLevels>[0]>) =>
    checkLevels({
      kind: 'market',
      side: 'buy',
      price: null,
      stopLoss: null,
      takeProfit: null,
      tick: t,
      ...over,
    });

  test('market orders: SL and TP on the correct side of the close price', () => {
    expect(check({ stopLoss: '149.5', takeProfit: '151' })).toBeNull();
    expect(check({ stopLoss: '150' })).toBe('stop_loss_wrong_side');
    expect(check({ takeProfit: '150' })).toBe('take_profit_wrong_side');
    expect(check({ side: 'sell', stopLoss: '150.5', takeProfit: '149' })).toBeNull();
    expect(check({ side: 'sell', stopLoss: '150.01' })).toBe('stop_loss_wrong_side');
    expect(check({ side: 'sell', takeProfit: '150.01' })).toBe('take_profit_wrong_side');
  });

  test('pending prices on their side of the spread, levels around the pending price', () => {
    expect(check({ kind: 'buy_limit', price: '149' })).toBeNull();
    expect(check({ kind: 'buy_limit', price: '150.01' })).toBe('pending_price_wrong_side');
    expect(check({ kind: 'buy_stop', price: '150.01' })).toBe('pending_price_wrong_side');
    expect(check({ kind: 'buy_stop', price: '151' })).toBeNull();
    expect(check({ kind: 'sell_limit', price: '150' })).toBe('pending_price_wrong_side');
    expect(check({ kind: 'sell_limit', price: '151' })).toBeNull();
    expect(check({ kind: 'sell_stop', price: '149' })).toBeNull();
    expect(check({ kind: 'sell_stop', price: '150' })).toBe('pending_price_wrong_side');
    expect(check({ kind: 'buy_limit', price: '149', stopLoss: '148', takeProfit: '150' })).toBeNull();
    expect(check({ kind: 'buy_limit', price: '149', stopLoss: '149' })).toBe('stop_loss_wrong_side');
    expect(check({ kind: 'sell_stop', price: '149', stopLoss: '148' })).toBe('stop_loss_wrong_side');
  });

  test('lots in whole steps within the bounds', () => {
    const rules = { lotStep: '0.01', minLots: '0.01', maxLots: '50' };
    expect(lotsAllowed('0.01', rules)).toBe(true);
    expect(lotsAllowed('1.25', rules)).toBe(true);
    expect(lotsAllowed('0.015', rules)).toBe(false);
    expect(lotsAllowed('0', rules)).toBe(false);
    expect(lotsAllowed('50.01', rules)).toBe(false);
  });
});

describe('profit and margin in USDT', () => {
  const ticks: Record<string, Tick> = {
    USDJPY: tick('150.000', '150.010'),
    EURUSD: tick('1.16000', '1.16008'),
    XAUUSD: tick('4000.00', '4000.30'),
    BTCUSDT: tick('95000.00', '95001.00'),
  };
  const at = (symbol: string) => ticks[symbol];

  test('USD/JPY: profit in yen, converted at 1 / USDJPY', () => {
    // 1 lot of 100,000 USD, bought at 150.010, closed at 151.000: 99,000 JPY.
    const jpy = profitInQuote('buy', '150.010', '151', '1', '100000');
    expect(jpy).toBe('99000');
    const rate = usdtPerUnit('JPY', at) as string;
    // 1 / 150.005 (the mid), 18 decimals.
    expect(rate).toBe('0.006666444451851604');
    expect(toUsdt(jpy, rate)).toBe('659.978');
    // Margin at 1:100: 100,000 x 150.010 JPY / 100 = 150,010 JPY = 1,000.03 USDT, rounded up.
    expect(marginUsdt('1', '100000', '150.010', 100, rate)).toBe('1000.033333');
  });

  test('EUR/USD: profit in dollars, 1:1 in USDT', () => {
    const usd = profitInQuote('sell', '1.16', '1.15', '0.5', '100000');
    expect(usd).toBe('500');
    expect(usdtPerUnit('USD', at)).toBe('1');
    expect(toUsdt(usd, '1')).toBe('500');
    expect(marginUsdt('0.5', '100000', '1.16', 100, '1')).toBe('580');
  });

  test('XAU/USD: 100 ounces a lot', () => {
    // A long of 0.1 lot closed 12.3 lower loses 123 USD.
    expect(profitInQuote('buy', '4000.30', '3988', '0.1', '100')).toBe('-123');
    expect(marginUsdt('0.1', '100', '4000.30', 20, '1')).toBe('2000.15');
  });

  test('BTC/USDT: the quote currency is USDT itself', () => {
    expect(profitInQuote('sell', '95000', '95500.5', '0.01', '1')).toBe('-5.005');
    expect(usdtPerUnit('USDT', at)).toBe('1');
    expect(marginUsdt('0.01', '1', '95001', 10, '1')).toBe('95.001');
    // A currency no instrument prices has no rate: nothing is guessed.
    expect(usdtPerUnit('HKD', at)).toBeNull();
  });
});
