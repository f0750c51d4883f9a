/**
 * Trading as users do it (docs/spec/design.md sections 5 and 6; docs/trading.md): orders and positions with
 * isolated margin, placed, moved, cancelled and closed at the prices MT5 uses (10073, 10074, 10079,
 * 10076), and read back (10080-10082). Placing freezes margin and commission; the money moves
 * themselves are in trading.settlement.ts. Time and prices come from the caller.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import { dec, fmt, roundUp } from '../../../protocol/money.ts';
import {
  type CurrentOrders,
  checkLevels,
  closePrice,
  floatingProfit,
  lotsAllowed,
  type ModifyOrderRequest,
  marginUsdt,
  type Order,
  openPrice,
  type PlaceOrderRequest,
  sideOf,
  type TradingRules,
  usdtPerUnit,
} from '../../../protocol/trading.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readTablePage } from '../../db/paging.ts';
import { type Posting, post, systemAccount, transfer, userAccount } from '../../ledger/ledger.ts';
import { instruments } from '../markets/index.ts';
import { payReferral } from '../referral/index.ts';
import { orders, tradingRules } from './trading.schema.ts';
import {
  cancelPending,
  lockedOrder,
  marginChange,
  num,
  orderView,
  type Prices,
  QUOTE,
  settle,
  stopOutRateAt,
  USDT_PRECISION,
} from './trading.settlement.ts';

function levelError(problem: ReturnType<typeof checkLevels>): never | undefined {
  if (problem) throw new DomainError(problem);
  return undefined;
}

/** The tick of an open market, or "Trading is not open yet". */
function openTick(prices: Prices, symbol: string) {
  const tick = prices(symbol);
  if (!tick?.open) throw new DomainError('trading_not_open');
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
  if (!rules) throw new DomainError('not_found');
  const r = rules.r;
  const tick = openTick(prices, input.symbol);
  const [lotStep, minLots, maxLots] = [num(r.lotStep), num(r.minLots), num(r.maxLots)];
  if (!lotsAllowed(input.lots, { lotStep, minLots, maxLots }))
    throw new DomainError('lots_invalid', { min: minLots, max: maxLots, step: lotStep });
  const side = sideOf(input.kind, input.side);
  if (input.kind !== 'market' && input.price === null) throw new DomainError('pending_price_required');
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
  if (rate === null) throw new DomainError('trading_not_open');
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
      stopOutRate: market ? stopOutRateAt(rate) : '0',
    })
    .returning();
  if (!row) throw new Error('order not stored');
  // The user is debited once (one record); a fill passes the commission on to fee revenue.
  const total = fmt(dec(margin).plus(dec(commission)));
  const postings: Posting[] = transfer(userAccount(user), userAccount(user, 'frozen'), QUOTE, total);
  if (market && dec(commission).greaterThan(0))
    postings.push(...transfer(userAccount(user, 'frozen'), systemAccount('fee_revenue'), QUOTE, commission));
  await post(tx, {
    type: 'trading_placement',
    idempotencyKey: `order:${row.id}:place`,
    reference: `order:${row.id}`,
    postings,
  });
  if (market)
    await payReferral(tx, { payer: user, coin: QUOTE, amount: commission, source: `order:${row.id}:place` });
  return orderView(row);
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
  if (row.status !== 'pending' && row.status !== 'open') throw new DomainError('order_not_modifiable');
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
    if (rate === null) throw new DomainError('trading_not_open');
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

/** 10079: a pending order cancelled; what it froze returns. */
export async function cancelOrder(tx: Tx, wallet: string, id: number, now: number): Promise<Order> {
  const row = await lockedOrder(tx, id, wallet.toLowerCase());
  if (row.status !== 'pending') throw new DomainError('order_not_modifiable');
  return orderView(await cancelPending(tx, row, null, new Date(now)));
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
  if (row.status !== 'open') throw new DomainError('order_not_modifiable');
  const tick = openTick(prices, row.symbol);
  const rate = usdtPerUnit(row.quoteCurrency, prices);
  if (rate === null) throw new DomainError('trading_not_open');
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
  const order = [desc(orders.closedAt), desc(orders.id)];
  return readTablePage(db, filter, orders, { where, order, list: (rows) => rows.map(orderView) });
}

/** 10082: one of the user's orders. */
export async function orderDetails(db: DbOrTx, wallet: string, id: number): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.user, wallet.toLowerCase())));
  if (!row) throw new DomainError('not_found');
  return orderView(row);
}
