import {
  modifyOrderRequest,
  orderActionRequest,
  orderDetailsRequest,
  orderHistoryRequest,
  placeOrderRequest,
} from '../../../protocol/trading.ts';
import { emptyForm } from '../../../protocol/validation.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineHandler, type HandlerContext, requireWallet } from '../../http/handler.ts';
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
  if (!ctx.services.markets) throw new ApiError('not_open_yet');
  return pricesAt(ctx.services.markets, Date.now());
}

export const tradingHandlers = [
  defineHandler({
    code: '10073',
    schema: placeOrderRequest,
    handle: async (ctx, input) =>
      placeOrder(ctx.db as Tx, await pricesNow(ctx), requireWallet(ctx), input, Date.now()),
  }),
  defineHandler({
    code: '10074',
    schema: modifyOrderRequest,
    handle: async (ctx, input) => modifyOrder(ctx.db as Tx, await pricesNow(ctx), requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10076',
    schema: orderActionRequest,
    handle: async (ctx, input) =>
      closeOrder(ctx.db as Tx, await pricesNow(ctx), requireWallet(ctx), input.id, Date.now()),
  }),
  defineHandler({
    code: '10079',
    schema: orderActionRequest,
    handle: (ctx, input) => cancelOrder(ctx.db as Tx, requireWallet(ctx), input.id, Date.now()),
  }),
  defineHandler({
    code: '10080',
    schema: emptyForm,
    handle: async (ctx) => currentOrders(ctx.db, await pricesNow(ctx), requireWallet(ctx)),
  }),
  defineHandler({
    code: '10081',
    schema: orderHistoryRequest,
    handle: (ctx, input) => orderHistory(ctx.db, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10082',
    schema: orderDetailsRequest,
    handle: (ctx, input) => orderDetails(ctx.db, requireWallet(ctx), input.id),
  }),
];
