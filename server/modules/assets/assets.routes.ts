import { defineHandler } from '../../http/handler.ts';
import { assetsOf } from './assets.service.ts';

export const assetsHandlers = [
  defineHandler({
    code: '10010',
    handle: (ctx) => assetsOf(ctx.db, ctx.services.markets, ctx.wallet),
  }),
];
