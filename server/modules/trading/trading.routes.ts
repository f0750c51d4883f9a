import { DomainError } from '../../../protocol/domain-error.ts';
import { defineHandler, type HandlerContext, serviceHandler } from '../../http/handler.ts';
import { pricesAt } from './prices.ts';
import {
  cancelOrder,
  closeOrder,
  currentOrders,
  modifyOrder,
  orderDetails,
  orderHistory,
  placeOrder,
} from './trading.orders.ts';

/** Prices now from the market engine; trading needs one. The moment is read here, at the edge. */
function pricesNow(ctx: HandlerContext) {
  if (!ctx.services.markets) throw new DomainError('not_open_yet');
  return pricesAt(ctx.services.markets, Date.now());
}

export const tradingHandlers = [
  defineHandler({
    code: '10073',
    handle: async (ctx, input) => placeOrder(ctx.db, await pricesNow(ctx), ctx.wallet, input, Date.now()),
  }),
  defineHandler({
    code: '10074',
    handle: async (ctx, input) => modifyOrder(ctx.db, await pricesNow(ctx), ctx.wallet, input),
  }),
  defineHandler({
    code: '10076',
    handle: async (ctx, input) => closeOrder(ctx.db, await pricesNow(ctx), ctx.wallet, input.id, Date.now()),
  }),
  defineHandler({
    code: '10079',
    handle: (ctx, input) => cancelOrder(ctx.db, ctx.wallet, input.id, Date.now()),
  }),
  defineHandler({
    code: '10080',
    handle: async (ctx) => currentOrders(ctx.db, await pricesNow(ctx), ctx.wallet),
  }),
  serviceHandler('10081', orderHistory),
  defineHandler({
    code: '10082',
    handle: (ctx, input) => orderDetails(ctx.db, ctx.wallet, input.id),
  }),
];
