/**
 * The trigger engine's pass (docs/trading.md, "The trigger engine"): pending orders whose price is
 * reached fill, positions whose stop loss, take profit or stop-out level is reached close; the job
 * (trading.job.ts) runs it every second under its advisory lock.
 */
import { asc, type SQL, sql } from 'drizzle-orm';
import { compare } from '../../../protocol/money.ts';
import {
  type CloseReason,
  exitTriggered,
  floatingProfit,
  pendingTriggered,
  type Tick,
  usdtPerUnit,
} from '../../../protocol/trading.ts';
import type { Db, Tx } from '../../db/client.ts';
import { planByIndexes } from '../../db/index-plans.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { rowsOf } from '../../db/rows.ts';
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
  stopOutRateAt,
} from './trading.settlement.ts';

/**
 * The instruments with active orders, each with the quote currency its orders were placed in: a
 * walk over `orders_active_pairs`, one index probe per pair, whatever the number of orders.
 */
async function activePairs(db: Db): Promise<{ symbol: string; quote: string }[]> {
  const result = await db.execute(sql`
    with recursive pairs(symbol, quote) as (
      (select symbol, quote_currency from ${orders} where status in ('pending', 'open')
        order by symbol, quote_currency limit 1)
      union all
      select next.symbol, next.quote from pairs p cross join lateral (
        select symbol, quote_currency as quote from ${orders}
         where status in ('pending', 'open') and (symbol, quote_currency) > (p.symbol, p.quote)
         order by symbol, quote_currency limit 1) next
    )
    select symbol, quote from pairs`);
  return rowsOf<{ symbol: string; quote: string }>(result);
}

/**
 * The active orders that may be due at these prices, found through the indexes on the price each
 * waits for (trading.schema.ts: `watch`, `trigger_low`, `trigger_high`): a pending order whose
 * price is reached, a position whose stop loss or take profit is crossed or whose loss is near its
 * stop-out level (79 % of the margin, below the 80 % rule, so rounding never hides one), and every
 * open position whose quote currency's rate rose above the one its stop-out level was stored at.
 * Only a narrowing: each is checked again by the exact rules of protocol/trading.ts under its lock.
 * Each branch is a lateral probe of one index per instrument, so the cost follows the due orders,
 * not the active ones (bench/trading.ts at 10,000 positions); on PostgreSQL `indexPlans` keeps its
 * planner to those probes whatever its statistics say.
 */
async function candidatesAt(db: Db, prices: Prices, indexPlans: boolean): Promise<OrderRow[]> {
  const ticks = (await activePairs(db)).flatMap(({ symbol, quote }): PairTick[] => {
    const tick = prices(symbol);
    const rate = usdtPerUnit(quote, prices);
    return tick?.open && rate !== null ? [{ symbol, quote, bid: tick.bid, ask: tick.ask, rate }] : [];
  });
  if (ticks.length === 0) return [];
  // One round trip: the due ids found and their rows read in the same statement.
  const read = (on: Db | Tx) =>
    on
      .select()
      .from(orders)
      .where(sql`${orders.id} in (${dueIds(ticks)})`)
      .orderBy(asc(orders.id));
  if (!indexPlans) return read(db);
  return db.transaction(async (tx) => {
    await planByIndexes(tx);
    return read(tx);
  });
}

/** An instrument's prices and its quote currency's rate in USDT, as the due search takes them. */
export interface PairTick {
  symbol: string;
  quote: string;
  bid: string;
  ask: string;
  rate: string;
}

/** The ids of the active orders that may be due at `ticks` (at least one): see `candidatesAt`. */
export function dueIds(ticks: PairTick[]): SQL {
  const values = ticks.map(
    (t) => sql`(${t.symbol}, ${t.quote}, ${t.bid}::numeric, ${t.ask}::numeric, ${t.rate}::numeric)`,
  );
  const reached = (watch: 'bid' | 'ask', level: 'trigger_low' | 'trigger_high') =>
    sql`select d.id from t cross join lateral (select o.id from ${orders} o
         where o.symbol = t.symbol and o.watch = ${watch}
           and o.${sql.raw(level)} ${sql.raw(level === 'trigger_low' ? '>=' : '<=')} t.${sql.raw(watch)}) d`;
  return sql`
    with t(symbol, quote, bid, ask, rate) as (values ${sql.join(values, sql`, `)})
    ${reached('bid', 'trigger_low')} union ${reached('bid', 'trigger_high')}
    union ${reached('ask', 'trigger_low')} union ${reached('ask', 'trigger_high')}
    union select d.id from t cross join lateral (select o.id from ${orders} o
       where o.symbol = t.symbol and o.quote_currency = t.quote and o.status = 'open'
         and o.stop_out_rate < t.rate order by o.stop_out_rate) d`;
}

/**
 * Stores the stop-out level again, at today's rate, for the positions whose quote currency's rate
 * rose above the one they were stored at and that are still open: until then the engine judges
 * them on every tick. One statement; a position its user closed meanwhile is left alone.
 */
async function restoreStopOutRates(db: Db, positions: { id: number; rate: string }[]): Promise<void> {
  if (positions.length === 0) return;
  const values = positions.map(({ id, rate }) => sql`(${id}::bigint, ${stopOutRateAt(rate)}::numeric)`);
  await db.execute(sql`
    update ${orders} o set stop_out_rate = v.rate
      from (values ${sql.join(values, sql`, `)}) as v(id, rate)
     where o.id = v.id and o.status = 'open' and o.stop_out_rate < v.rate`);
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
  /**
   * Plan the search and the burst's close by their indexes (server/db/index-plans.ts): on
   * PostgreSQL, whose statistics (stale after a burst of positions, or fresh from autovacuum) led
   * its planner to read every open position. PGlite never gathers statistics, plans these by their
   * indexes already, and the extra statement cost it 4 ms at the median (bench/trading.ts, 1,000
   * positions, 19.3 against 15.5 ms, 2026-12-02).
   */
  indexPlans?: boolean;
}

/** How the trigger job runs on each kind of database: orders settled at once, and index plans. */
export const TRIGGER_SETTINGS = {
  postgres: { concurrency: 4, indexPlans: true },
  pglite: { concurrency: 1, indexPlans: false },
} as const;

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
  { onFailure = () => {}, onSettled = () => {}, concurrency = 1, indexPlans = false }: TriggerOptions = {},
): Promise<TriggerRun> {
  const run: TriggerRun = { filled: 0, closed: 0, cancelled: 0, failed: 0 };
  const at = new Date(now);
  const judge = (r: OrderRow, tick: Tick, rate: string): 'fill' | CloseReason | null => {
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
  const rateMoved: { id: number; rate: string }[] = [];
  for (const row of await candidatesAt(db, prices, indexPlans)) {
    const tick = prices(row.symbol);
    if (!tick?.open) continue;
    const rate = usdtPerUnit(row.quoteCurrency, prices);
    if (rate === null) continue;
    const action = judge(row, tick, rate);
    if (action) due.push({ row, tick, rate, action });
    else if (row.status === 'open' && compare(row.stopOutRate, rate) < 0)
      rateMoved.push({ id: row.id, rate });
  }

  // The closes as judged from the rows read above, all in one transaction; one whose row changed
  // since (or a batch refused as a whole) is judged again under its own lock below.
  const closes = due.filter((order): order is DueClose => order.action !== 'fill');
  let closed = new Set<number>();
  if (closes.length > 0) {
    try {
      closed = await retryOnConflict(() => settleEachIfUnchanged(db, closes, at, indexPlans));
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
  await restoreStopOutRates(db, rateMoved);
  return run;
}
