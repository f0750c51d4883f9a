/**
 * Trading rules as MetaTrader 5 applies them (docs/trading.md), as pure functions shared by the
 * client's live figures and the server's engine: which price an order fills at and which price
 * its triggers watch, where stop loss and take profit may lie, when a pending order or a level is
 * crossed (and at what price a gap fills), margin and profit in the quote currency and in USDT.
 * Exact decimal arithmetic (protocol/money.ts), no floats; each step truncates where the rule says.
 */
import * as v from 'valibot';
import { compare, type Exact, exact, fmt, ROUND_DOWN, ROUND_UP, rounded } from './money.ts';
import { paging, requestId } from './validation.ts';

export const SIDES = ['buy', 'sell'] as const;
export type Side = (typeof SIDES)[number];

/** Market ("execute immediately") or one of the four pending kinds. */
export const ORDER_KINDS = ['market', 'buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export interface Tick {
  bid: string;
  ask: string;
}

/** Every intermediate figure is truncated toward zero at 18 decimals, the grid amounts live on. */
const GRID = 18;
const onGrid = (value: Exact): Exact => value.toDecimalPlaces(GRID, ROUND_DOWN);

export function sideOf(kind: OrderKind, side: Side): Side {
  if (kind === 'buy_limit' || kind === 'buy_stop') return 'buy';
  if (kind === 'sell_limit' || kind === 'sell_stop') return 'sell';
  return side;
}

/** The price an order opens at: buy at the ask, sell at the bid. */
export function openPrice(side: Side, tick: Tick): string {
  return side === 'buy' ? tick.ask : tick.bid;
}

/** The price that closes a position and that its stop loss and take profit watch: long on the bid, short on the ask. */
export function closePrice(side: Side, tick: Tick): string {
  return side === 'buy' ? tick.bid : tick.ask;
}

/**
 * Whether a pending order triggers at this tick: Buy Limit ask <= p, Buy Stop ask >= p,
 * Sell Limit bid >= p, Sell Stop bid <= p. It fills at the tick's price (a gap past the level
 * fills at the first tick beyond it, not at the level).
 */
export function pendingTriggered(kind: Exclude<OrderKind, 'market'>, price: string, tick: Tick): boolean {
  switch (kind) {
    case 'buy_limit':
      return compare(tick.ask, price) <= 0;
    case 'buy_stop':
      return compare(tick.ask, price) >= 0;
    case 'sell_limit':
      return compare(tick.bid, price) >= 0;
    case 'sell_stop':
      return compare(tick.bid, price) <= 0;
  }
}

export type ExitReason = 'stop_loss' | 'take_profit';

/**
 * Whether a position's stop loss or take profit is hit at this tick: a long's on the bid (SL when
 * bid <= SL, TP when bid >= TP), a short's on the ask (SL when ask >= SL, TP when ask <= TP). The
 * stop loss wins when a gap crosses both. It closes at the tick's price, not at the level.
 */
export function exitTriggered(
  side: Side,
  levels: { stopLoss: string | null; takeProfit: string | null },
  tick: Tick,
): ExitReason | null {
  const price = closePrice(side, tick);
  const { stopLoss, takeProfit } = levels;
  if (side === 'buy') {
    if (stopLoss !== null && compare(price, stopLoss) <= 0) return 'stop_loss';
    if (takeProfit !== null && compare(price, takeProfit) >= 0) return 'take_profit';
  } else {
    if (stopLoss !== null && compare(price, stopLoss) >= 0) return 'stop_loss';
    if (takeProfit !== null && compare(price, takeProfit) <= 0) return 'take_profit';
  }
  return null;
}

export type LevelProblem = 'pending_price_wrong_side' | 'stop_loss_wrong_side' | 'take_profit_wrong_side';

/**
 * Where prices may lie (docs/spec/product.md section 5: never below 0, which the form's decimal rule already
 * keeps). A pending price: Buy Limit below the ask, Buy Stop above it, Sell Limit above the bid,
 * Sell Stop below it. Stop loss and take profit, against the price the position opens at (the
 * pending price, or the market's side now): a long's SL below it and TP above it, a short's the
 * other way round.
 */
export function checkLevels(input: {
  kind: OrderKind;
  side: Side;
  price: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  tick: Tick;
}): LevelProblem | null {
  const side = sideOf(input.kind, input.side);
  let reference: string;
  if (input.kind === 'market') {
    // The levels watch the close price, so they must lie on the right side of it now.
    reference = closePrice(side, input.tick);
  } else {
    const p = input.price ?? '0';
    const ok =
      input.kind === 'buy_limit'
        ? compare(p, input.tick.ask) < 0
        : input.kind === 'buy_stop'
          ? compare(p, input.tick.ask) > 0
          : input.kind === 'sell_limit'
            ? compare(p, input.tick.bid) > 0
            : compare(p, input.tick.bid) < 0;
    if (!ok) return 'pending_price_wrong_side';
    reference = p;
  }
  const below = (x: string) => compare(x, reference) < 0;
  const above = (x: string) => compare(x, reference) > 0;
  if (input.stopLoss !== null && !(side === 'buy' ? below(input.stopLoss) : above(input.stopLoss)))
    return 'stop_loss_wrong_side';
  if (input.takeProfit !== null && !(side === 'buy' ? above(input.takeProfit) : below(input.takeProfit)))
    return 'take_profit_wrong_side';
  return null;
}

/**
 * Profit in the quote currency: (close - open) x lots x contract size, negated for a short.
 * Signed, exact.
 */
export function profitInQuote(
  side: Side,
  open: string,
  close: string,
  lots: string,
  contractSize: string,
): string {
  const diff = exact(close).minus(open);
  const signed = side === 'buy' ? diff : diff.negated();
  return fmt(onGrid(onGrid(signed.times(lots)).times(contractSize)));
}

/** Notional in the quote currency: lots x contract size x price. */
export function notionalInQuote(lots: string, contractSize: string, price: string): string {
  return fmt(onGrid(onGrid(exact(lots).times(contractSize)).times(price)));
}

/**
 * How many USDT one unit of a currency is worth, from the ticks of the instruments that price it:
 * USD and USDT count 1:1 (the platform treats the dollar stablecoin as the dollar); a currency C
 * quoted as USDC (USD/JPY) is 1 / mid; one quoted as CUSD (EUR/USD) or CUSDT (BTC/USDT) is its mid.
 * Null where no instrument prices it.
 */
export function usdtPerUnit(currency: string, ticks: (symbol: string) => Tick | undefined): string | null {
  if (currency === 'USD' || currency === 'USDT') return '1';
  const mid = (t: Tick) => onGrid(exact(t.bid).plus(t.ask).dividedBy(2));
  const inverse = ticks(`USD${currency}`);
  if (inverse) return fmt(onGrid(exact(1).dividedBy(mid(inverse))));
  const direct = ticks(`${currency}USD`) ?? ticks(`${currency}USDT`);
  if (direct) return fmt(mid(direct));
  return null;
}

/** An amount in some currency as USDT at `rate` (USDT per unit), rounded toward zero at 6 decimals. */
export function toUsdt(amount: string, rate: string, precision = 6): string {
  return rounded(exact(amount).times(rate), precision, ROUND_DOWN);
}

/** A margin in USDT, rounded up at 6 decimals (the user never holds less margin than the rule asks). */
export function marginUsdt(
  lots: string,
  contractSize: string,
  price: string,
  leverage: number,
  rate: string,
  precision = 6,
): string {
  const quote = onGrid(
    onGrid(exact(notionalInQuote(lots, contractSize, price)).times(rate)).dividedBy(leverage),
  );
  return rounded(quote, precision, ROUND_UP);
}

/** Whether `lots` is a whole number of lot steps within the instrument's bounds. */
export function lotsAllowed(
  lots: string,
  rules: { lotStep: string; minLots: string; maxLots: string },
): boolean {
  const l = exact(lots);
  const step = exact(rules.lotStep);
  return (
    step.greaterThan(0) &&
    l.mod(step).isZero() &&
    l.greaterThanOrEqualTo(rules.minLots) &&
    l.lessThanOrEqualTo(rules.maxLots)
  );
}

// ---------------------------------------------------------------------------------------------
// The contract: 10073 place, 10074 modify, 10076 close, 10079 cancel, 10080 current, 10081 history,
// 10082 details (docs/trading.md).

export const ORDER_STATUSES = ['pending', 'open', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an order ended: closed by the user, a level or a stop-out, or (a pending order only)
 * cancelled by the engine because what it froze no longer covered its margin at the fill price
 * and the available balance could not make up the difference (docs/trading.md).
 */
export const CLOSE_REASONS = ['user', 'stop_loss', 'take_profit', 'stop_out', 'no_margin'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** A position is stopped out once its floating loss reaches this share of its margin (percent). */
export const STOP_OUT_PERCENT = 80;

export interface TradingRules {
  symbol: string;
  /** Units of the base per lot (100,000 for forex, 100 ounces for gold, 1 coin for crypto). */
  contractSize: string;
  lotStep: string;
  minLots: string;
  maxLots: string;
  leverage: number;
  /** USDT per lot, charged at the fill. */
  commissionPerLot: string;
  /** The currency prices and profit are quoted in (USD, JPY, USDT…). */
  quoteCurrency: string;
}

export interface Order {
  id: number;
  symbol: string;
  side: Side;
  kind: OrderKind;
  lots: string;
  /** The pending price; null for a market order. */
  price: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  status: OrderStatus;
  /** USDT frozen for this order: margin and the commission still to be charged. */
  margin: string;
  commission: string;
  openPrice: string | null;
  closePrice: string | null;
  /** Realized profit in USDT once closed (negative for a loss, never below minus the margin). */
  profit: string | null;
  closeReason: CloseReason | null;
  createdAt: number;
  filledAt: number | null;
  closedAt: number | null;
}

/** 10080: open positions with their live profit at the current price, and pending orders. */
export interface CurrentOrders {
  positions: (Order & { currentPrice: string; floatingProfit: string | null })[];
  pending: Order[];
}

const id = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number));
const price = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,17})(\.[0-9]{1,10})?$/));
/** An optional level: absent or empty means none. docs/spec/product.md section 5: never below 0 (no sign). */
const level = v.optional(v.union([v.literal(''), price]));
const none = (value: string | undefined) => (value === undefined || value === '' ? null : value);
type Levels = { price?: string | undefined; stopLoss?: string | undefined; takeProfit?: string | undefined };
/** An order's price, stop-loss and take-profit as placing and modifying both store them: null for none. */
const levelsOrNull = <T extends Levels>(
  o: T,
): Omit<T, keyof Levels> & { price: string | null; stopLoss: string | null; takeProfit: string | null } => ({
  ...o,
  price: none(o.price),
  stopLoss: none(o.stopLoss),
  takeProfit: none(o.takeProfit),
});

export const placeOrderRequest = v.pipe(
  v.object({
    symbol: v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,16}$/)),
    side: v.picklist(SIDES),
    kind: v.picklist(ORDER_KINDS),
    lots: v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,5})(\.[0-9]{1,4})?$/)),
    price: level,
    stopLoss: level,
    takeProfit: level,
    requestId,
  }),
  v.transform(levelsOrNull),
);
export type PlaceOrderRequest = v.InferOutput<typeof placeOrderRequest>;

export const modifyOrderRequest = v.pipe(
  v.object({ id, price: level, stopLoss: level, takeProfit: level, requestId }),
  v.transform(levelsOrNull),
);
export type ModifyOrderRequest = v.InferOutput<typeof modifyOrderRequest>;

export const orderActionRequest = v.object({ id, requestId });
export const orderDetailsRequest = v.object({ id });
export const orderHistoryRequest = v.object({
  ...paging(),
});

/**
 * Floating profit in USDT of a position at `tick` (null without a rate), and whether it is down
 * to the stop-out level: a loss of STOP_OUT_PERCENT of its margin.
 */
export function floatingProfit(
  order: { side: Side; openPrice: string; lots: string; margin: string },
  contractSize: string,
  tick: Tick,
  rate: string | null,
): { profit: string | null; stopOut: boolean } {
  if (rate === null) return { profit: null, stopOut: false };
  const quote = profitInQuote(
    order.side,
    order.openPrice,
    closePrice(order.side, tick),
    order.lots,
    contractSize,
  );
  const profit = toUsdt(quote, rate);
  const loss = exact(profit).negated();
  return {
    profit,
    stopOut: loss.times(100).greaterThanOrEqualTo(exact(order.margin).times(STOP_OUT_PERCENT)),
  };
}

/** What a close pays in USDT: the profit, or the loss capped at the margin (no balance below zero). */
export function settledProfit(profit: string, margin: string): string {
  const floor = fmt(exact(margin).negated());
  return compare(profit, floor) < 0 ? floor : profit;
}
