/**
 * A reference model of the trading book (issue #36): what every balance and every order should be
 * after each operation, written from the rules in docs/trading.md and nothing of the service's
 * code or protocol/trading.ts's arithmetic. tests/integration/trading-model.test.ts runs random
 * operations against the real server and this model side by side and compares them after every
 * step. Amounts are BigInt units of 10^-18 (./fixed.ts). Quote currencies are USD or USDT only
 * (1 USDT each), so no conversion rate enters the model.
 */
import { ceil6, times, trunc6 } from './fixed.ts';

export type Side = 'buy' | 'sell';
export type Kind = 'market' | 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';
export type Status = 'pending' | 'open' | 'closed' | 'cancelled';
export type Reason = 'user' | 'stop_loss' | 'take_profit' | 'stop_out' | 'no_margin';
/** What a call answers: success, or the error's machine name (protocol/errors.ts). */
export type Answer =
  | 'ok'
  | 'not_found'
  | 'trading_not_open'
  | 'lots_invalid'
  | 'pending_price_required'
  | 'pending_price_wrong_side'
  | 'stop_loss_wrong_side'
  | 'take_profit_wrong_side'
  | 'insufficient_balance'
  | 'order_not_modifiable'
  | 'pool_exhausted';

export interface Rules {
  contractSize: bigint;
  lotStep: bigint;
  minLots: bigint;
  maxLots: bigint;
  leverage: bigint;
  commissionPerLot: bigint;
}

export interface Tick {
  bid: bigint;
  ask: bigint;
  open: boolean;
}

export interface Order {
  id: number;
  user: string;
  symbol: string;
  side: Side;
  kind: Kind;
  lots: bigint;
  price: bigint | null;
  stopLoss: bigint | null;
  takeProfit: bigint | null;
  status: Status;
  margin: bigint;
  commission: bigint;
  openPrice: bigint | null;
  closePrice: bigint | null;
  profit: bigint | null;
  closeReason: Reason | null;
  contractSize: bigint;
  leverage: bigint;
}

export interface PlaceInput {
  symbol: string;
  kind: Kind;
  side: Side;
  lots: bigint;
  price: bigint | null;
  stopLoss: bigint | null;
  takeProfit: bigint | null;
}

export interface Wallet {
  available: bigint;
  frozen: bigint;
}

const STOP_OUT_PERCENT = 80n;

const sideOf = (kind: Kind, side: Side): Side =>
  kind === 'buy_limit' || kind === 'buy_stop' ? 'buy' : kind === 'market' ? side : 'sell';
const opensAt = (side: Side, t: Tick) => (side === 'buy' ? t.ask : t.bid);
const closesAt = (side: Side, t: Tick) => (side === 'buy' ? t.bid : t.ask);

export class TradingModel {
  readonly wallets = new Map<string, Wallet>();
  readonly orders = new Map<number, Order>();
  readonly rules = new Map<string, Rules>();
  readonly ticks = new Map<string, Tick>();
  /** The trading margin pool and fee revenue, from what they held when the run began. */
  pool: bigint;
  fees: bigint;

  constructor(pool: bigint, fees: bigint) {
    this.pool = pool;
    this.fees = fees;
  }

  wallet(user: string): Wallet {
    let w = this.wallets.get(user);
    if (!w) {
      w = { available: 0n, frozen: 0n };
      this.wallets.set(user, w);
    }
    return w;
  }

  /** Margin of `lots` at `price`: lots x contract size x price / leverage, up at 6 decimals. */
  static margin(lots: bigint, contractSize: bigint, price: bigint, leverage: bigint): bigint {
    return ceil6(times(times(lots, contractSize), price), leverage);
  }

  /** Where a pending price, stop loss and take profit may lie (docs/trading.md). */
  private levels(
    kind: Kind,
    side: Side,
    price: bigint | null,
    sl: bigint | null,
    tp: bigint | null,
    t: Tick,
  ) {
    let reference: bigint;
    if (kind === 'market') reference = closesAt(side, t);
    else {
      const p = price ?? 0n;
      const ok =
        kind === 'buy_limit'
          ? p < t.ask
          : kind === 'buy_stop'
            ? p > t.ask
            : kind === 'sell_limit'
              ? p > t.bid
              : p < t.bid;
      if (!ok) return 'pending_price_wrong_side' as const;
      reference = p;
    }
    if (sl !== null && !(side === 'buy' ? sl < reference : sl > reference))
      return 'stop_loss_wrong_side' as const;
    if (tp !== null && !(side === 'buy' ? tp > reference : tp < reference))
      return 'take_profit_wrong_side' as const;
    return null;
  }

  /** 10073. `id` is the id the server gave the order (unused when the model refuses). */
  place(user: string, input: PlaceInput, id: number): Answer {
    const rules = this.rules.get(input.symbol);
    if (!rules) return 'not_found';
    const tick = this.ticks.get(input.symbol);
    if (!tick?.open) return 'trading_not_open';
    const { lots } = input;
    if (!(lots % rules.lotStep === 0n && lots >= rules.minLots && lots <= rules.maxLots))
      return 'lots_invalid';
    const side = sideOf(input.kind, input.side);
    if (input.kind !== 'market' && input.price === null) return 'pending_price_required';
    const problem = this.levels(input.kind, side, input.price, input.stopLoss, input.takeProfit, tick);
    if (problem) return problem;
    const market = input.kind === 'market';
    const at = market ? opensAt(side, tick) : (input.price as bigint);
    const margin = TradingModel.margin(lots, rules.contractSize, at, rules.leverage);
    const commission = ceil6(times(lots, rules.commissionPerLot));
    const w = this.wallet(user);
    if (w.available < margin + commission) return 'insufficient_balance';
    w.available -= margin + commission;
    w.frozen += margin + (market ? 0n : commission);
    if (market) this.fees += commission;
    this.orders.set(id, {
      id,
      user,
      symbol: input.symbol,
      side,
      kind: input.kind,
      lots,
      price: market ? null : input.price,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      status: market ? 'open' : 'pending',
      margin,
      commission,
      openPrice: market ? at : null,
      closePrice: null,
      profit: null,
      closeReason: null,
      contractSize: rules.contractSize,
      leverage: rules.leverage,
    });
    return 'ok';
  }

  private own(user: string, id: number): Order | null {
    const order = this.orders.get(id);
    return order && order.user === user ? order : null;
  }

  /** 10074: a pending order's price (its margin re-priced) and levels, or a position's levels. */
  modify(user: string, id: number, price: bigint | null, sl: bigint | null, tp: bigint | null): Answer {
    const order = this.own(user, id);
    if (!order) return 'not_found';
    if (order.status !== 'pending' && order.status !== 'open') return 'order_not_modifiable';
    const tick = this.ticks.get(order.symbol);
    if (!tick?.open) return 'trading_not_open';
    const pending = order.status === 'pending';
    const newPrice = pending ? (price ?? order.price) : null;
    const problem = this.levels(pending ? order.kind : 'market', order.side, newPrice, sl, tp, tick);
    if (problem) return problem;
    if (pending) {
      const margin = TradingModel.margin(order.lots, order.contractSize, newPrice as bigint, order.leverage);
      const w = this.wallet(user);
      const more = margin - order.margin;
      if (more > w.available) return 'insufficient_balance';
      w.available -= more;
      w.frozen += more;
      order.margin = margin;
      order.price = newPrice;
    }
    order.stopLoss = sl;
    order.takeProfit = tp;
    return 'ok';
  }

  /** 10079 (and the engine's cancellation for want of margin). */
  cancel(user: string, id: number, reason: Reason | null = null): Answer {
    const order = this.own(user, id);
    if (!order) return 'not_found';
    if (order.status !== 'pending') return 'order_not_modifiable';
    const w = this.wallet(user);
    w.frozen -= order.margin + order.commission;
    w.available += order.margin + order.commission;
    order.status = 'cancelled';
    order.closeReason = reason;
    return 'ok';
  }

  /** The position's profit in USDT at a close price, toward zero at 6 decimals. */
  private profitAt(order: Order, price: bigint): bigint {
    const diff = price - (order.openPrice as bigint);
    return trunc6(times(times(order.side === 'buy' ? diff : -diff, order.lots), order.contractSize));
  }

  /** What closing at this tick pays the position (a loss never above its margin). */
  private closeProfit(order: Order, tick: Tick): bigint {
    const raw = this.profitAt(order, closesAt(order.side, tick));
    return raw < -order.margin ? -order.margin : raw;
  }

  private settle(order: Order, tick: Tick, reason: Reason): void {
    const price = closesAt(order.side, tick);
    const profit = this.closeProfit(order, tick);
    const w = this.wallet(order.user);
    this.pool -= profit;
    w.frozen -= order.margin;
    w.available += order.margin + profit;
    Object.assign(order, { status: 'closed', closePrice: price, profit, closeReason: reason });
  }

  /** 10076. */
  close(user: string, id: number): Answer {
    const order = this.own(user, id);
    if (!order) return 'not_found';
    if (order.status !== 'open') return 'order_not_modifiable';
    const tick = this.ticks.get(order.symbol);
    if (!tick?.open) return 'trading_not_open';
    // The pool pays every profit: one it cannot pay is refused, and the position stays open.
    if (this.closeProfit(order, tick) > this.pool) return 'pool_exhausted';
    this.settle(order, tick, 'user');
    return 'ok';
  }

  private due(order: Order, tick: Tick): 'fill' | Reason | null {
    if (order.status === 'pending') {
      const p = order.price as bigint;
      const hit =
        order.kind === 'buy_limit'
          ? tick.ask <= p
          : order.kind === 'buy_stop'
            ? tick.ask >= p
            : order.kind === 'sell_limit'
              ? tick.bid >= p
              : tick.bid <= p;
      return hit ? 'fill' : null;
    }
    if (order.status !== 'open') return null;
    const price = closesAt(order.side, tick);
    const { stopLoss: sl, takeProfit: tp } = order;
    const long = order.side === 'buy';
    if (sl !== null && (long ? price <= sl : price >= sl)) return 'stop_loss';
    if (tp !== null && (long ? price >= tp : price <= tp)) return 'take_profit';
    const loss = -this.profitAt(order, price);
    return loss * 100n >= order.margin * STOP_OUT_PERCENT ? 'stop_out' : null;
  }

  /**
   * The trigger engine at the current prices, run as the job does once a second until nothing
   * more is due (a position a gap filled beyond its own stop loss closes on the next run, at the
   * same price) or until a run fails to settle an order. Answers every order it settled, once
   * each, and how many the last run failed to settle.
   */
  triggers(): { settled: number[]; failed: number } {
    const settled = new Set<number>();
    for (;;) {
      const run = this.#triggerOnce();
      for (const id of run.settled) settled.add(id);
      if (run.failed > 0 || run.settled.length === 0) return { settled: [...settled], failed: run.failed };
    }
  }

  /**
   * One run at the current ticks; markets outside their hours are left alone. Every due close goes
   * first, in one batch; when the pool cannot pay one of them, the batch is refused as a whole and
   * every due order is taken in id order instead, a close the pool cannot pay failing and staying
   * open. A due pending order fills, its margin re-priced at the fill price, or is cancelled
   * ("no_margin") when available cannot cover the difference.
   */
  #triggerOnce(): { settled: number[]; failed: number } {
    const due = [...this.orders.values()]
      .filter((o) => o.status === 'pending' || o.status === 'open')
      .sort((a, b) => a.id - b.id)
      .flatMap((o) => {
        const tick = this.ticks.get(o.symbol);
        const action = tick?.open ? this.due(o, tick) : null;
        return tick && action ? [{ order: o, tick, action }] : [];
      });
    let pool = this.pool;
    let batch = true;
    for (const { order, tick, action } of due) {
      if (action === 'fill') continue;
      const profit = this.closeProfit(order, tick);
      if (profit > pool) batch = false;
      pool -= profit;
    }
    const settled: number[] = [];
    let failed = 0;
    const take = ({ order, tick, action }: (typeof due)[number]) => {
      if (action !== 'fill') {
        if (this.closeProfit(order, tick) > this.pool) failed += 1;
        else {
          this.settle(order, tick, action);
          settled.push(order.id);
        }
        return;
      }
      settled.push(order.id);
      const at = opensAt(order.side, tick);
      const margin = TradingModel.margin(order.lots, order.contractSize, at, order.leverage);
      const w = this.wallet(order.user);
      const more = margin - order.margin;
      if (more > w.available) {
        this.cancel(order.user, order.id, 'no_margin');
        return;
      }
      w.available -= more;
      w.frozen += more - order.commission;
      this.fees += order.commission;
      Object.assign(order, { status: 'open', openPrice: at, margin });
    };
    if (batch) {
      for (const d of due) if (d.action !== 'fill') take(d);
      for (const d of due) if (d.action === 'fill') take(d);
    } else for (const d of due) take(d);
    return { settled, failed };
  }
}
