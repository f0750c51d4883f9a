/**
 * Trading's money moves (docs/trading.md, "Money"): each a journal entry keyed by the order and the
 * step, made under the order's row lock from the status it starts from (or, for the engine's
 * closes, in one statement guarded by the status and levels it judged: settleEachIfUnchanged), so
 * the engine and a user racing on one order settle it once. A pending order's margin follows its
 * price (re-priced when it moves, and at the fill); a fill charges the commission; a close
 * releases the margin with the profit (paid from the trading margin pool) or minus the loss (to
 * the pool), a loss never above the margin; cancelling a pending order releases it all.
 * Time and prices come from the caller.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { DomainError, isRefusal } from '../../../protocol/domain-error.ts';
import { type Dec, dec, fmt, roundUp, trimNumeric } from '../../../protocol/money.ts';
import {
  type CloseReason,
  closePrice,
  marginUsdt,
  type Order,
  openPrice,
  profitInQuote,
  settledProfit,
  type Tick,
  toUsdt,
} from '../../../protocol/trading.ts';
import type { Db, Tx } from '../../db/client.ts';
import { planByIndexes } from '../../db/index-plans.ts';
import { faultPoint } from '../../faults.ts';
import {
  type EntryInput,
  entryPayloadOf,
  type Posting,
  post,
  postAllWith,
  systemAccount,
  transfer,
  userAccount,
} from '../../ledger/ledger.ts';
import { payReferral } from '../referral/index.ts';
import { orders } from './trading.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export const QUOTE = 'USDT';
export const USDT_PRECISION = 6;
/**
 * A NUMERIC column's text as the protocol writes amounts ('0.010000' -> '0.01'): `trimNumeric`,
 * without decimal arithmetic, since the engine reads several of these for every order it judges
 * and settles (issue #41, "Triggers").
 */
export const num = (value: string) => trimNumeric(value);
export const opt = (value: string | null) => (value === null ? null : num(value));

/**
 * How far a quote currency's USDT rate may rise above the rate a position's stop-out level was
 * stored at before the level no longer holds (orders.stop_out_rate): 1 %, so an ordinary day's
 * move re-derives nothing, while the engine judges a position whose rate went past it on every tick
 * until it stores the level again.
 */
const STOP_OUT_RATE_SLACK = '1.01';

/**
 * The stop_out_rate to store for a position priced at `rate` USDT per unit of its quote, rounded
 * up to the column's 18 decimals (a higher rate puts the stored level nearer, never past it).
 */
export const stopOutRateAt = (rate: string): string => roundUp(dec(rate).times(STOP_OUT_RATE_SLACK), 18);

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

export async function lockedOrder(tx: Tx, id: number, user?: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row || (user !== undefined && row.user !== user)) throw new DomainError('not_found');
  return row;
}

/**
 * The entry that moves a pending order's frozen margin from `row.margin` to `margin`: the
 * difference frozen from available, or the excess released (null when nothing changes). Keyed by
 * the order's next revision, so each re-pricing is one entry (docs/trading.md, "Re-pricing").
 */
export function marginChange(row: OrderRow, margin: string): EntryInput | null {
  const change = dec(margin).minus(dec(row.margin));
  if (change.isZero()) return null;
  const amount = fmt(change.abs());
  return {
    type: 'trading_margin_change',
    idempotencyKey: `order:${row.id}:margin:${row.revision + 1}`,
    reference: `order:${row.id}`,
    postings: change.greaterThan(0)
      ? transfer(userAccount(row.user), userAccount(row.user, 'frozen'), QUOTE, amount)
      : transfer(userAccount(row.user, 'frozen'), userAccount(row.user), QUOTE, amount),
  };
}

/**
 * A locked pending order cancelled, by its user or by the engine (`no_margin`): what it froze,
 * margin and commission, returns to available in one entry.
 */
export async function cancelPending(
  tx: Tx,
  row: OrderRow,
  reason: CloseReason | null,
  at: Date,
): Promise<OrderRow> {
  await post(tx, {
    type: 'trading_cancellation',
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

/**
 * A locked pending order fills at the tick's price (a gap fills past its level). Its margin is
 * re-priced at that price first: the excess is released, or the difference frozen from available.
 * When available cannot cover it, the order is cancelled instead ("not enough margin at fill") and
 * everything it froze returns: a position never holds less margin than its fill price asks.
 * Answers whether it filled.
 */
export async function fill(tx: Tx, row: OrderRow, tick: Tick, rate: string, at: Date): Promise<boolean> {
  const fillAt = openPrice(row.side, tick);
  const margin = marginUsdt(num(row.lots), num(row.contractSize), fillAt, row.leverage, rate);
  const change = marginChange(row, margin);
  if (change) {
    try {
      // A savepoint: a refused freeze leaves the transaction usable for the cancellation.
      await tx.transaction((savepoint) => post(savepoint, change));
    } catch (error) {
      if (!isRefusal(error, 'insufficient_balance')) throw error;
      await cancelPending(tx, row, 'no_margin', at);
      return false;
    }
  }
  if (dec(row.commission).greaterThan(0)) {
    await post(tx, {
      type: 'trading_placement',
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
      stopOutRate: stopOutRateAt(rate),
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
  // Each amount parsed once: the engine settles hundreds of these in one burst.
  const marginDec = dec(margin);
  const profitDec = dec(profit);
  // One posting per account: the frozen margin leaves, the pool pays the profit or takes the
  // loss, and what is left returns to available. (Two transfers through the frozen account, as
  // before 2026-11-29, moved the same money in four rows; a burst's cost is mostly its rows.)
  const postings: Posting[] = [];
  const move = (account: Posting['account'], amount: Dec) => {
    if (!amount.isZero()) postings.push({ account, coin: QUOTE, amount: fmt(amount) });
  };
  move(userAccount(row.user, 'frozen'), marginDec.negated());
  move(systemAccount('trading_margin_pool'), profitDec.negated());
  move(userAccount(row.user), marginDec.plus(profitDec));
  const entry: EntryInput = {
    type: 'trading_settlement',
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
export async function settle(tx: Tx, row: OrderRow, tick: Tick, rate: string, reason: CloseReason, at: Date) {
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

/** One due close with money to move, as the batch statement takes it. */
export interface BatchClose {
  id: number;
  /** The levels it was judged by: the only fields a user can change on an open position. */
  sl: string | null;
  tp: string | null;
  price: string;
  profit: string;
  reason: CloseReason;
  entry: EntryInput;
}

/** The due closes that move money, each with its settlement (a close that moves nothing is left out). */
export function closeBatch(closes: DueClose[]): BatchClose[] {
  return closes.flatMap((order) => {
    const { price, profit, entry } = settlement(order.row, order.tick, order.rate, order.action);
    if (entry.postings.length === 0) return [];
    const { id, stopLoss: sl, takeProfit: tp } = order.row;
    return [{ id, sl, tp, price, profit, reason: order.action, entry }];
  });
}

/**
 * The batch's guarded close: every row still open with the levels it was judged by is closed,
 * and its id and entry (jsonb, as `entryPayloadOf` makes it) returned for posting. The status it
 * was judged in ('open') comes with each row, as a join condition: the planner then finds each row
 * by its id, where `status = 'open'` alone led it to read every open position through a partial
 * index (10,000 of them, for a burst of 300; see server/db/index-plans.ts).
 */
export function closeUnchanged(batch: BatchClose[], at: Date): SQL {
  const input = JSON.stringify(
    batch.map((close) => ({ ...close, status: 'open', entry: entryPayloadOf(close.entry) })),
  );
  return sql`update ${orders} o
         set status = 'closed', close_price = v.price, profit = v.profit, close_reason = v.reason,
             closed_at = ${at.toISOString()}::timestamptz
        from jsonb_to_recordset(${input}::jsonb)
          as v(id bigint, status text, sl numeric, tp numeric, price numeric, profit numeric, reason text,
               entry jsonb)
       where o.id = v.id and o.status = v.status
         and o.stop_loss is not distinct from v.sl and o.take_profit is not distinct from v.tp
   returning o.id, v.entry`;
}

/**
 * Closes a tick's due positions in one transaction, each as judged from the row the engine read:
 * the rows are locked in id order, then one statement closes every row that is still open with
 * the stop loss and take profit it was judged by (the only fields a user can change on an open
 * position) and posts their settlement entries together (`postAllWith`: `ledger_post_many` locks
 * every account they touch once, in id order, the order one entry's transaction takes them in, so
 * a user's close racing the batch waits instead of deadlocking). Each entry stays balanced and
 * keyed by its order (`order:<id>:close`), so a retry never settles one twice. A burst is then a
 * fixed number of statements and one commit, whatever its size (issue #41's trigger latency).
 * Answers the ids closed; a row that changed since it was read is left as it is, for the caller
 * to judge again under its lock. A refusal (a pool that cannot pay) undoes the whole batch.
 */
export async function settleEachIfUnchanged(
  db: Db,
  closes: DueClose[],
  at: Date,
  indexPlans = false,
): Promise<Set<number>> {
  const batch = closeBatch(closes);
  if (batch.length === 0) return new Set();
  return db.transaction(async (tx) => {
    if (indexPlans) await planByIndexes(tx);
    await tx.execute(
      sql`select id from ${orders} where ${inArray(
        orders.id,
        batch.map((close) => close.id),
      )} order by id for update`,
    );
    const ids = await postAllWith(tx, closeUnchanged(batch, at));
    faultPoint('trading.settlement');
    if (closes.some((c) => c.action === 'stop_out')) faultPoint('trading.stop_out');
    return new Set(ids);
  });
}
