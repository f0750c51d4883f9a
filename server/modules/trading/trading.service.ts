/**
 * Trading (DESIGN.md sections 5 and 6; docs/trading.md): orders and positions with isolated
 * margin, filled and closed at the prices MT5 uses, stop loss, take profit and stop-out settled by
 * the trigger engine. Money: placing freezes margin and commission; a fill charges the commission;
 * a close releases the margin with the profit (paid from the trading margin pool) or minus the
 * loss (to the pool), a loss never above the margin; cancelling a pending order releases it all.
 * Each step is one journal entry keyed by the order and the step, made under the order's row lock
 * from the status it starts from (or, for the engine's closes, in one statement guarded by the
 * status and levels it judged: settleEachIfUnchanged), so the engine and a user racing on one order
 * settle it once.
 * Time and prices come from the caller.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from '../../../protocol/envelope.ts';
import {
  type CloseReason,
  type CurrentOrders,
  checkLevels,
  closePrice,
  exitTriggered,
  floatingProfit,
  lotsAllowed,
  type ModifyOrderRequest,
  marginUsdt,
  type Order,
  openPrice,
  type PlaceOrderRequest,
  pendingTriggered,
  profitInQuote,
  settledProfit,
  sideOf,
  type Tick,
  type TradingRules,
  toUsdt,
  usdtPerUnit,
} from '../../../protocol/trading.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { faultPoint } from '../../faults.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  type EntryInput,
  entryPayloadOf,
  lockAccountsOf,
  type Posting,
  post,
  postEachWith,
  systemAccount,
  transfer,
  userAccount,
} from '../../ledger/ledger.ts';
import { dec, fmt, roundUp } from '../../ledger/money.ts';
import { instruments } from '../markets/markets.schema.ts';
import { payReferral } from '../referral/referral.service.ts';
import { orders, tradingRules } from './trading.schema.ts';

type OrderRow = typeof orders.$inferSelect;
const QUOTE = 'USDT';
const USDT_PRECISION = 6;
const num = (value: string) => fmt(dec(value));
const opt = (value: string | null) => (value === null ? null : num(value));

/** Prices as the engine sees them now: a tick per known symbol (`open` false outside trading hours). */
export type Prices = (symbol: string) => (Tick & { open: boolean }) | undefined;

export function orderView(r: OrderRow): Order {
  return {
    id: r.id,
    symbol: r.symbol,
    side: r.side,
    kind: r.kind,
    lots: num(r.lots),
    price: opt(r.price),
    stopLoss: opt(r.stopLoss),
    takeProfit: opt(r.takeProfit),
    status: r.status,
    margin: num(r.margin),
    commission: num(r.commission),
    openPrice: opt(r.openPrice),
    closePrice: opt(r.closePrice),
    profit: opt(r.profit),
    closeReason: r.closeReason,
    createdAt: r.createdAt.getTime(),
    filledAt: r.filledAt ? r.filledAt.getTime() : null,
    closedAt: r.closedAt ? r.closedAt.getTime() : null,
  };
}

function levelError(problem: ReturnType<typeof checkLevels>): never | undefined {
  if (problem) throw new ApiError(problem);
  return undefined;
}

/** The tick of an open market, or "Trading is not open yet". */
function openTick(prices: Prices, symbol: string) {
  const tick = prices(symbol);
  if (!tick?.open) throw new ApiError('trading_not_open');
  return tick;
}

/** The trading rules of an instrument open for trading, or null. */
export async function tradingRulesOf(db: DbOrTx, symbol: string): Promise<TradingRules | null> {
  const [r] = await db
    .select()
    .from(tradingRules)
    .where(and(eq(tradingRules.symbol, symbol), eq(tradingRules.enabled, true)));
  return r
    ? {
        symbol: r.symbol,
        contractSize: num(r.contractSize),
        lotStep: num(r.lotStep),
        minLots: num(r.minLots),
        maxLots: num(r.maxLots),
        leverage: r.leverage,
        commissionPerLot: num(r.commissionPerLot),
        quoteCurrency: r.quoteCurrency,
      }
    : null;
}

/** 10073: a market order fills now; a pending order waits for its price. */
export async function placeOrder(
  tx: Tx,
  prices: Prices,
  wallet: string,
  input: PlaceOrderRequest,
  now: number,
): Promise<Order> {
  const user = wallet.toLowerCase();
  const [rules] = await tx
    .select({ r: tradingRules })
    .from(tradingRules)
    .innerJoin(instruments, eq(instruments.symbol, tradingRules.symbol))
    .where(
      and(
        eq(tradingRules.symbol, input.symbol),
        eq(tradingRules.enabled, true),
        eq(instruments.enabled, true),
      ),
    );
  if (!rules) throw new ApiError('not_found');
  const r = rules.r;
  const tick = openTick(prices, input.symbol);
  const [lotStep, minLots, maxLots] = [num(r.lotStep), num(r.minLots), num(r.maxLots)];
  if (!lotsAllowed(input.lots, { lotStep, minLots, maxLots }))
    throw new ApiError('lots_invalid', { min: minLots, max: maxLots, step: lotStep });
  const side = sideOf(input.kind, input.side);
  if (input.kind !== 'market' && input.price === null) throw new ApiError('pending_price_required');
  levelError(
    checkLevels({
      kind: input.kind,
      side,
      price: input.price,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      tick,
    }),
  );
  const rate = usdtPerUnit(r.quoteCurrency, prices);
  if (rate === null) throw new ApiError('trading_not_open');
  const fillAt = input.kind === 'market' ? openPrice(side, tick) : (input.price as string);
  const margin = marginUsdt(input.lots, num(r.contractSize), fillAt, r.leverage, rate);
  const commission = roundUp(dec(input.lots).times(dec(r.commissionPerLot)), USDT_PRECISION);
  const market = input.kind === 'market';
  const [row] = await tx
    .insert(orders)
    .values({
      user,
      symbol: input.symbol,
      side,
      kind: input.kind,
      lots: input.lots,
      price: market ? null : input.price,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      status: market ? 'open' : 'pending',
      contractSize: num(r.contractSize),
      leverage: r.leverage,
      quoteCurrency: r.quoteCurrency,
      margin,
      commission,
      openPrice: market ? fillAt : null,
      createdAt: new Date(now),
      filledAt: market ? new Date(now) : null,
    })
    .returning();
  if (!row) throw new Error('order not stored');
  // The user is debited once (one record); a fill passes the commission on to fee revenue.
  const total = fmt(dec(margin).plus(dec(commission)));
  const postings: Posting[] = transfer(userAccount(user), userAccount(user, 'frozen'), QUOTE, total);
  if (market && dec(commission).greaterThan(0))
    postings.push(...transfer(userAccount(user, 'frozen'), systemAccount('fee_revenue'), QUOTE, commission));
  await post(tx, {
    type: 'forex_placement',
    idempotencyKey: `order:${row.id}:place`,
    reference: `order:${row.id}`,
    postings,
  });
  if (market)
    await payReferral(tx, { payer: user, coin: QUOTE, amount: commission, source: `order:${row.id}:place` });
  return orderView(row);
}

async function lockedOrder(tx: Tx, id: number, user?: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row || (user !== undefined && row.user !== user)) throw new ApiError('not_found');
  return row;
}

/**
 * The entry that moves a pending order's frozen margin from `row.margin` to `margin`: the
 * difference frozen from available, or the excess released (null when nothing changes). Keyed by
 * the order's next revision, so each re-pricing is one entry (docs/trading.md, "Re-pricing").
 */
function marginChange(row: OrderRow, margin: string): EntryInput | null {
  const change = dec(margin).minus(dec(row.margin));
  if (change.isZero()) return null;
  const amount = fmt(change.abs());
  return {
    type: 'forex_margin_change',
    idempotencyKey: `order:${row.id}:margin:${row.revision + 1}`,
    reference: `order:${row.id}`,
    postings: change.greaterThan(0)
      ? transfer(userAccount(row.user), userAccount(row.user, 'frozen'), QUOTE, amount)
      : transfer(userAccount(row.user, 'frozen'), userAccount(row.user), QUOTE, amount),
  };
}

/**
 * 10074: a pending order's price and levels, or an open position's levels. A pending order's
 * margin is re-priced at its new price in the same transaction, as MT5 does: the difference is
 * frozen (E2001 when available cannot cover it, and nothing changes) or the excess released. Its
 * commission is per lot and its lots never change, so the commission frozen stays as it was.
 */
export async function modifyOrder(
  tx: Tx,
  prices: Prices,
  wallet: string,
  input: ModifyOrderRequest,
): Promise<Order> {
  const row = await lockedOrder(tx, input.id, wallet.toLowerCase());
  if (row.status !== 'pending' && row.status !== 'open') throw new ApiError('order_not_modifiable');
  const tick = openTick(prices, row.symbol);
  const pending = row.status === 'pending';
  // A position's open price is history: only its levels move.
  const price = pending ? (input.price ?? num(row.price ?? '0')) : null;
  levelError(
    checkLevels({
      kind: pending ? row.kind : 'market',
      side: row.side,
      price,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      tick,
    }),
  );
  let margin = row.margin;
  let revision = row.revision;
  if (pending && price !== null) {
    const rate = usdtPerUnit(row.quoteCurrency, prices);
    if (rate === null) throw new ApiError('trading_not_open');
    margin = marginUsdt(num(row.lots), num(row.contractSize), price, row.leverage, rate);
    const entry = marginChange(row, margin);
    if (entry) {
      await post(tx, entry);
      revision += 1;
    }
  }
  const [updated] = await tx
    .update(orders)
    .set({
      price: pending ? price : row.price,
      stopLoss: input.stopLoss,
      takeProfit: input.takeProfit,
      margin,
      revision,
    })
    .where(and(eq(orders.id, row.id), eq(orders.status, row.status)))
    .returning();
  if (!updated) throw new Error(`order ${row.id} changed under its lock`);
  return orderView(updated);
}

/**
 * A locked pending order cancelled, by its user or by the engine (`no_margin`): what it froze,
 * margin and commission, returns to available in one entry.
 */
async function cancelPending(tx: Tx, row: OrderRow, reason: CloseReason | null, at: Date): Promise<OrderRow> {
  await post(tx, {
    type: 'forex_cancellation',
    idempotencyKey: `order:${row.id}:cancel`,
    reference: `order:${row.id}`,
    ...(reason ? { memo: reason } : {}),
    postings: transfer(
      userAccount(row.user, 'frozen'),
      userAccount(row.user),
      QUOTE,
      fmt(dec(row.margin).plus(dec(row.commission))),
    ),
  });
  const [updated] = await tx
    .update(orders)
    .set({ status: 'cancelled', closedAt: at, closeReason: reason })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'pending')))
    .returning();
  if (!updated) throw new Error(`order ${row.id} changed under its lock`);
  return updated;
}

/** 10079: a pending order cancelled; what it froze returns. */
export async function cancelOrder(tx: Tx, wallet: string, id: number, now: number): Promise<Order> {
  const row = await lockedOrder(tx, id, wallet.toLowerCase());
  if (row.status !== 'pending') throw new ApiError('order_not_modifiable');
  return orderView(await cancelPending(tx, row, null, new Date(now)));
}

/**
 * A locked pending order fills at the tick's price (a gap fills past its level). Its margin is
 * re-priced at that price first: the excess is released, or the difference frozen from available.
 * When available cannot cover it, the order is cancelled instead ("not enough margin at fill") and
 * everything it froze returns: a position never holds less margin than its fill price asks.
 * Answers whether it filled.
 */
async function fill(tx: Tx, row: OrderRow, tick: Tick, rate: string, at: Date): Promise<boolean> {
  const fillAt = openPrice(row.side, tick);
  const margin = marginUsdt(num(row.lots), num(row.contractSize), fillAt, row.leverage, rate);
  const change = marginChange(row, margin);
  if (change) {
    try {
      // A savepoint: a refused freeze leaves the transaction usable for the cancellation.
      await tx.transaction((savepoint) => post(savepoint, change));
    } catch (error) {
      if (!(error instanceof ApiError) || error.errorName !== 'insufficient_balance') throw error;
      await cancelPending(tx, row, 'no_margin', at);
      return false;
    }
  }
  if (dec(row.commission).greaterThan(0)) {
    await post(tx, {
      type: 'forex_placement',
      idempotencyKey: `order:${row.id}:fill`,
      reference: `order:${row.id}`,
      postings: transfer(
        userAccount(row.user, 'frozen'),
        systemAccount('fee_revenue'),
        QUOTE,
        num(row.commission),
      ),
    });
    await payReferral(tx, {
      payer: row.user,
      coin: QUOTE,
      amount: num(row.commission),
      source: `order:${row.id}:fill`,
    });
  }
  await tx
    .update(orders)
    .set({
      status: 'open',
      openPrice: fillAt,
      filledAt: at,
      margin,
      revision: change ? row.revision + 1 : row.revision,
    })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'pending')));
  return true;
}

/**
 * What closing an open position at this tick means: the close price, the profit in USDT (a loss
 * never above the margin), and the entry that pays the margin back with the profit or minus the
 * loss. The same for a close under the order's lock and for the engine's one-statement close.
 */
function settlement(row: OrderRow, tick: Tick, rate: string, reason: CloseReason) {
  const price = closePrice(row.side, tick);
  const quote = profitInQuote(
    row.side,
    num(row.openPrice ?? '0'),
    price,
    num(row.lots),
    num(row.contractSize),
  );
  const margin = num(row.margin);
  const profit = settledProfit(toUsdt(quote, rate), margin);
  const back = fmt(dec(margin).plus(dec(profit)));
  const postings: Posting[] = [];
  if (dec(profit).greaterThan(0))
    postings.push(
      ...transfer(systemAccount('trading_margin_pool'), userAccount(row.user, 'frozen'), QUOTE, profit),
    );
  if (dec(profit).lessThan(0))
    postings.push(
      ...transfer(
        userAccount(row.user, 'frozen'),
        systemAccount('trading_margin_pool'),
        QUOTE,
        fmt(dec(profit).negated()),
      ),
    );
  if (dec(back).greaterThan(0))
    postings.push(...transfer(userAccount(row.user, 'frozen'), userAccount(row.user), QUOTE, back));
  const entry: EntryInput = {
    type: 'forex_settlement',
    idempotencyKey: `order:${row.id}:close`,
    reference: `order:${row.id}`,
    memo: reason,
    postings,
  };
  return { price, profit, entry };
}

/**
 * A locked open position closes at the tick's close price: the margin returns with the profit,
 * or minus the loss, never more than the margin.
 */
async function settle(tx: Tx, row: OrderRow, tick: Tick, rate: string, reason: CloseReason, at: Date) {
  const { price, profit, entry } = settlement(row, tick, rate, reason);
  if (entry.postings.length > 0) await post(tx, entry);
  faultPoint('trading.settlement');
  if (reason === 'stop_out') faultPoint('trading.stop_out');
  const [updated] = await tx
    .update(orders)
    .set({ status: 'closed', closePrice: price, profit, closeReason: reason, closedAt: at })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'open')))
    .returning();
  if (!updated) throw new Error(`order ${row.id} changed under its lock`);
  return updated;
}

/** An order the engine found due at a tick, with what it is due for. */
export interface DueOrder {
  row: OrderRow;
  tick: Tick;
  /** USDT per unit of the order's quote currency at the tick. */
  rate: string;
  action: 'fill' | CloseReason;
}

export type DueClose = DueOrder & { action: CloseReason };

/**
 * Closes a tick's due positions in one transaction, each as judged from the row the engine read:
 * the rows are locked in id order, then every account the entries post to in id order (the order
 * one entry's transaction takes them in, so a user's close racing the batch waits instead of
 * deadlocking), then one statement closes every row that is still open with the stop loss and take
 * profit it was judged by (the only fields a user can change on an open position) and posts its
 * settlement entry. A burst of closes then commits once instead of once per order: the last of
 * them no longer waits for every other one's commit (issue #19's trigger latency). Answers the ids
 * closed; a row that changed since it was read is left as it is, for the caller to judge again
 * under its lock. A refusal (a pool that cannot pay) undoes the whole batch.
 */
export async function settleEachIfUnchanged(db: Db, closes: DueClose[], at: Date): Promise<Set<number>> {
  const settled = closes.flatMap((order) => {
    const { price, profit, entry } = settlement(order.row, order.tick, order.rate, order.action);
    return entry.postings.length > 0 ? [{ order, price, profit, entry }] : [];
  });
  if (settled.length === 0) return new Set();
  const input = JSON.stringify(
    settled.map(({ order, price, profit, entry }) => ({
      id: order.row.id,
      sl: order.row.stopLoss,
      tp: order.row.takeProfit,
      price,
      profit,
      reason: order.action,
      entry: entryPayloadOf(entry),
    })),
  );
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ${orders} where ${inArray(
        orders.id,
        settled.map(({ order }) => order.row.id),
      )} order by id for update`,
    );
    await lockAccountsOf(
      tx,
      settled.map(({ entry }) => entry),
    );
    const ids = await postEachWith(
      tx,
      sql`update ${orders} o
             set status = 'closed', close_price = v.price, profit = v.profit, close_reason = v.reason,
                 closed_at = ${at.toISOString()}::timestamptz
            from jsonb_to_recordset(${input}::jsonb)
              as v(id bigint, sl numeric, tp numeric, price numeric, profit numeric, reason text, entry jsonb)
           where o.id = v.id and o.status = 'open'
             and o.stop_loss is not distinct from v.sl and o.take_profit is not distinct from v.tp
       returning o.id, v.entry`,
    );
    faultPoint('trading.settlement');
    if (closes.some((c) => c.action === 'stop_out')) faultPoint('trading.stop_out');
    return new Set(ids);
  });
}

/** 10076: the user closes a position at the current price. */
export async function closeOrder(
  tx: Tx,
  prices: Prices,
  wallet: string,
  id: number,
  now: number,
): Promise<Order> {
  const row = await lockedOrder(tx, id, wallet.toLowerCase());
  if (row.status !== 'open') throw new ApiError('order_not_modifiable');
  const tick = openTick(prices, row.symbol);
  const rate = usdtPerUnit(row.quoteCurrency, prices);
  if (rate === null) throw new ApiError('trading_not_open');
  return orderView(await settle(tx, row, tick, rate, 'user', new Date(now)));
}

/** 10080: the user's open positions with live profit, and pending orders. */
export async function currentOrders(db: DbOrTx, prices: Prices, wallet: string): Promise<CurrentOrders> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.user, wallet.toLowerCase()), inArray(orders.status, ['open', 'pending'])))
    .orderBy(desc(orders.id));
  const positions = rows
    .filter((r) => r.status === 'open')
    .map((r) => {
      const tick = prices(r.symbol);
      const view = orderView(r);
      if (!tick) return { ...view, currentPrice: '', floatingProfit: null };
      const live = floatingProfit(
        { side: r.side, openPrice: num(r.openPrice ?? '0'), lots: num(r.lots), margin: num(r.margin) },
        num(r.contractSize),
        tick,
        usdtPerUnit(r.quoteCurrency, prices),
      );
      return { ...view, currentPrice: closePrice(r.side, tick), floatingProfit: live.profit };
    });
  return { positions, pending: rows.filter((r) => r.status === 'pending').map(orderView) };
}

/** 10081: closed positions and cancelled orders, newest first. */
export async function orderHistory(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number },
): Promise<Page<Order>> {
  const where = and(eq(orders.user, wallet.toLowerCase()), inArray(orders.status, ['closed', 'cancelled']));
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.closedAt), desc(orders.id))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  return { list: rows.map(orderView), total: total?.n ?? 0, page: filter.page, size: filter.size };
}

/** 10082: one of the user's orders. */
export async function orderDetails(db: DbOrTx, wallet: string, id: number): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.user, wallet.toLowerCase())));
  if (!row) throw new ApiError('not_found');
  return orderView(row);
}

/**
 * The active orders that may be due at these prices, found by the database: a pending order whose
 * price is reached, a position whose stop loss or take profit is crossed or whose loss is near its
 * stop-out level (79 % of the margin, below the 80 % rule, so rounding never hides one). Only a
 * narrowing: each is checked again by the exact rules of protocol/trading.ts under its lock. Reading
 * every active order on every tick instead costs more than settling most of them (bench/trading.ts).
 */
async function candidatesAt(db: Db, prices: Prices): Promise<OrderRow[]> {
  const symbols = await db
    .selectDistinct({ symbol: orders.symbol, quote: orders.quoteCurrency })
    .from(orders)
    .where(inArray(orders.status, ['pending', 'open']));
  const ticks = symbols.flatMap(({ symbol, quote }) => {
    const tick = prices(symbol);
    const rate = usdtPerUnit(quote, prices);
    return tick?.open && rate !== null
      ? [sql`(${symbol}, ${quote}, ${tick.bid}::numeric, ${tick.ask}::numeric, ${rate}::numeric)`]
      : [];
  });
  if (ticks.length === 0) return [];
  // One round trip: the due ids found and their rows read in the same statement.
  const due = sql`
    with t(symbol, quote, bid, ask, rate) as (values ${sql.join(ticks, sql`, `)})
    select o.id from orders o join t on t.symbol = o.symbol and t.quote = o.quote_currency
    where (o.status = 'pending' and (
        (o.kind = 'buy_limit' and t.ask <= o.price) or (o.kind = 'buy_stop' and t.ask >= o.price)
        or (o.kind = 'sell_limit' and t.bid >= o.price) or (o.kind = 'sell_stop' and t.bid <= o.price)))
      or (o.status = 'open' and o.side = 'buy' and (t.bid <= o.stop_loss or t.bid >= o.take_profit
        or (o.open_price - t.bid) * o.lots * o.contract_size * t.rate * 100 >= o.margin * 79))
      or (o.status = 'open' and o.side = 'sell' and (t.ask >= o.stop_loss or t.ask <= o.take_profit
        or (t.ask - o.open_price) * o.lots * o.contract_size * t.rate * 100 >= o.margin * 79))
  `;
  return db.select().from(orders).where(sql`${orders.id} in (${due})`).orderBy(asc(orders.id));
}

export interface TriggerRun {
  filled: number;
  closed: number;
  /** Pending orders cancelled at their fill price for want of margin. */
  cancelled: number;
  failed: number;
}

export interface TriggerOptions {
  onFailure?: (id: number, error: unknown) => void;
  /** The trading benchmark's clock: called once an order's entry is committed. */
  onSettled?: (id: number, action: 'fill' | CloseReason) => void;
  /**
   * Orders settled at once, each in its own transaction (1: one after another). On PostgreSQL a
   * tick that makes many orders due settles them over several connections, so the last of them
   * does not wait for every other one's round trips; PGlite runs one transaction at a time anyway.
   */
  concurrency?: number;
}

/** How many orders the trigger job settles at once on each kind of database. */
export const TRIGGER_CONCURRENCY = { postgres: 4, pglite: 1 } as const;

/**
 * One pass of the trigger engine at `now`: pending orders whose price is reached fill, positions
 * whose stop loss, take profit or stop-out level is reached close, each in a transaction of its
 * own under the order's lock, from the status it starts from. Markets outside their hours are left
 * alone. Run twice, or beside a user's close, every order is settled once.
 */
export async function runTriggersOnce(
  db: Db,
  prices: Prices,
  now: number,
  { onFailure = () => {}, onSettled = () => {}, concurrency = 1 }: TriggerOptions = {},
): Promise<TriggerRun> {
  const run: TriggerRun = { filled: 0, closed: 0, cancelled: 0, failed: 0 };
  const at = new Date(now);
  const judge = (r: OrderRow, tick: Tick, rate: string | null): 'fill' | CloseReason | null => {
    if (r.status === 'pending')
      return r.kind !== 'market' && pendingTriggered(r.kind, num(r.price ?? '0'), tick) ? 'fill' : null;
    if (r.status !== 'open') return null;
    const exit = exitTriggered(r.side, { stopLoss: opt(r.stopLoss), takeProfit: opt(r.takeProfit) }, tick);
    if (exit) return exit;
    const live = floatingProfit(
      { side: r.side, openPrice: num(r.openPrice ?? '0'), lots: num(r.lots), margin: num(r.margin) },
      num(r.contractSize),
      tick,
      rate,
    );
    return live.stopOut ? 'stop_out' : null;
  };
  const due: DueOrder[] = [];
  for (const row of await candidatesAt(db, prices)) {
    const tick = prices(row.symbol);
    if (!tick?.open) continue;
    const rate = usdtPerUnit(row.quoteCurrency, prices);
    const action = judge(row, tick, rate);
    if (action && rate !== null) due.push({ row, tick, rate, action });
  }

  // The closes as judged from the rows read above, all in one transaction; one whose row changed
  // since (or a batch refused as a whole) is judged again under its own lock below.
  const closes = due.filter((order): order is DueClose => order.action !== 'fill');
  let closed = new Set<number>();
  if (closes.length > 0) {
    try {
      closed = await retryOnConflict(() => settleEachIfUnchanged(db, closes, at));
    } catch {
      // Nothing of the batch was applied; every close goes through the locked path below, where
      // an order that fails is counted and reported on its own.
      closed = new Set();
    }
  }
  for (const order of closes) {
    if (!closed.has(order.row.id)) continue;
    run.closed += 1;
    onSettled(order.row.id, order.action);
  }

  const handle = async ({ row: candidate, tick, rate }: DueOrder): Promise<void> => {
    try {
      const done = await retryOnConflict(() =>
        db.transaction(async (tx) => {
          const row = await lockedOrder(tx, candidate.id);
          const action = judge(row, tick, rate);
          if (action === 'fill') return (await fill(tx, row, tick, rate, at)) ? action : 'no_margin';
          if (action) await settle(tx, row, tick, rate, action, at);
          return action;
        }),
      );
      if (done === 'fill') run.filled += 1;
      else if (done === 'no_margin') run.cancelled += 1;
      else if (done) run.closed += 1;
      if (done) onSettled(candidate.id, done);
    } catch (error) {
      run.failed += 1;
      onFailure(candidate.id, error);
    }
  };
  // The fills, and the closes the batch left, each in a transaction of its own, in id order.
  const rest = due.filter((order) => !closed.has(order.row.id));
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let order = rest[next++]; order; order = rest[next++]) await handle(order);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, rest.length)) }, worker));
  return run;
}
