/**
 * The arithmetic of a flash exchange (docs/exchange.md), pure and exact. Every rounding goes
 * against the user by less than one unit of the last digit, and only at the three places named
 * here: the price (to the market's precision), the gross amount (down to the received coin's
 * precision) and the fee (up to the received coin's precision).
 */
import { type Exact, exact, fmt, ROUND_DOWN, ROUND_UP } from '../../../protocol/money.ts';

// Every quotient below is the engine's exact one (protocol/money.ts): never rounded before we round
// it ourselves, and truncated, so a quotient just below a unit boundary is never pushed over it.

/** `buy`: the user receives the market's base coin (USDT -> BTC on BTCUSDT); `sell`: sends it. */
export type Side = 'buy' | 'sell';

export function sideOf(to: string, baseCoin: string): Side {
  return to === baseCoin ? 'buy' : 'sell';
}

/**
 * The price the user gets, in quote coin per base coin: mid = (bid + ask) / 2, then
 * mid x (1 + spread%) when the user buys the base coin, mid x (1 - spread%) when selling it,
 * rounded to the market's price precision against the user (up when buying, down when selling).
 */
export function quotedPrice(
  bid: string,
  ask: string,
  spreadPercent: string,
  side: Side,
  pricePrecision: number,
): string {
  const mid = exact(bid).plus(ask).dividedBy(2);
  const spread = exact(spreadPercent).dividedBy(100);
  const raw = side === 'buy' ? mid.times(spread.plus(1)) : mid.times(exact(1).minus(spread));
  return fmt(raw.toDecimalPlaces(pricePrecision, side === 'buy' ? ROUND_UP : ROUND_DOWN));
}

export interface ExchangeAmounts {
  /** What the amount buys before the fee, in the received coin. */
  gross: string;
  fee: string;
  /** gross - fee: what the user receives. */
  receive: string;
}

/**
 * gross = amount x price (selling the base coin) or amount / price (buying it), rounded down to
 * the received coin's precision; fee = gross x fee%, rounded up to that precision;
 * receive = gross - fee. The inventory pays gross; the fee goes to revenue.
 */
export function exchangeAmounts(input: {
  amount: string;
  price: string;
  side: Side;
  feePercent: string;
  toPrecision: number;
}): ExchangeAmounts {
  const amount = exact(input.amount);
  const price = exact(input.price);
  if (price.lessThanOrEqualTo(0)) throw new Error('price must be positive');
  const whole = input.side === 'sell' ? amount.times(price) : amount.dividedBy(price);
  const gross = whole.toDecimalPlaces(input.toPrecision, ROUND_DOWN);
  const fee = gross.times(input.feePercent).dividedBy(100).toDecimalPlaces(input.toPrecision, ROUND_UP);
  const text = (d: Exact) => fmt(d);
  return { gross: text(gross), fee: text(fee), receive: text(gross.minus(fee)) };
}
