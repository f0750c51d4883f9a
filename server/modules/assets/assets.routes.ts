import { defineHandler } from '../../http/handler.ts';
import { assetsOf, financeRecords } from './assets.service.ts';

export const assetsHandlers = [
  defineHandler({
    code: '10010',
    handle: (ctx) => assetsOf(ctx.db, ctx.services.markets, ctx.wallet),
  }),
  defineHandler({
    code: '10011',
    handle: (ctx, input) => financeRecords(ctx.db, ctx.wallet, input),
  }),
];
