/**
 * The trigger engine's pass (docs/trading.md, "The trigger engine"): pending orders whose price is
 * reached fill, positions whose stop loss, take profit or stop-out level is reached close; the job
 * (trading.job.ts) runs it every second under its advisory lock.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import {
  type CloseReason,
  exitTriggered,
  floatingProfit,
  pendingTriggered,
  type Tick,
  usdtPerUnit,
} from '../../../protocol/trading.ts';
import type { Db } from '../../db/client.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { orders } from './trading.schema.ts';
import {
  type DueClose,
  type DueOrder,
  fill,
  lockedOrder,
  num,
  type OrderRow,
  opt,
  type Prices,
  settle,
  settleEachIfUnchanged,
} from './trading.settlement.ts';

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
