/**
 * The figures the order form shows as the user types, from the same rules the server applies
 * (protocol/trading.ts): margin, the distance of a stop loss or take profit from the price, and
 * what the position would gain or lose there, in USDT.
 */

import { exact, fmt, ROUND_UP, rounded } from '../../../protocol/money.ts';
import {
  closePrice,
  marginUsdt,
  type OrderKind,
  openPrice,
  profitInQuote,
  type Side,
  sideOf,
  type Tick,
  type TradingRules,
  toUsdt,
  usdtPerUnit,
} from '../../../protocol/trading.ts';

const PRICE = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,10})?$/;
export const isPrice = (value: string) => PRICE.test(value);
const LOTS = /^(0|[1-9][0-9]{0,5})(\.[0-9]{1,4})?$/;
export const isLots = (value: string) => LOTS.test(value);

/** One lot step up or down, kept within the rules' bounds. */
export function stepLots(lots: string, rules: TradingRules, by: 1 | -1): string {
  const [min, max] = [exact(rules.minLots), exact(rules.maxLots)];
  const current = isLots(lots) ? exact(lots) : min;
  const next = current.plus(exact(rules.lotStep).times(by));
  return fmt(next.lessThan(min) ? min : next.greaterThan(max) ? max : next);
}

/** USDT per unit of the quote currency from the instrument's own tick (USD, USDT, or USD/JPY itself). */
export function rateOf(rules: TradingRules, tick: Tick): string | null {
  return usdtPerUnit(rules.quoteCurrency, (symbol) => (symbol === rules.symbol ? tick : undefined));
}

/** The price the order would open at: the pending price, or the market's side now. */
export function entryPrice(kind: OrderKind, side: Side, price: string, tick: Tick): string | null {
  if (kind === 'market') return openPrice(sideOf(kind, side), tick);
  return isPrice(price) ? price : null;
}

export function requiredMargin(
  rules: TradingRules,
  lots: string,
  entry: string | null,
  tick: Tick,
): string | null {
  const rate = rateOf(rules, tick);
  if (!entry || rate === null || !isLots(lots)) return null;
  return marginUsdt(lots, rules.contractSize, entry, rules.leverage, rate);
}

/** How far a level lies from the entry, in price and as the position's result there in USDT. */
export function levelFigures(
  rules: TradingRules,
  side: Side,
  lots: string,
  entry: string | null,
  level: string,
  tick: Tick,
): { distance: string; usdt: string } | null {
  const rate = rateOf(rules, tick);
  if (!entry || !isPrice(level) || !isLots(lots) || rate === null) return null;
  return {
    distance: fmt(exact(level).minus(entry).abs()),
    usdt: toUsdt(profitInQuote(side, entry, level, lots, rules.contractSize), rate),
  };
}

export { closePrice };

/** The commission of `lots`: lots x commission per lot, rounded up to USDT's unit as the server charges it. */
export function commissionOf(rules: TradingRules, lots: string): string {
  if (!isLots(lots)) return '0';
  return rounded(exact(lots).times(rules.commissionPerLot), 6, ROUND_UP);
}
