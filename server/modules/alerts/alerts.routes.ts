import { defineHandler } from '../../http/handler.ts';
import { createAlert, deleteAlert, listAlerts } from './alerts.service.ts';

export const alertHandlers = [
  defineHandler({
    code: '10092',
    handle: (ctx, input) => createAlert(ctx.db, ctx.services.markets, ctx.wallet, input),
  }),
  defineHandler({
    code: '10093',
    handle: (ctx, input) => listAlerts(ctx.db, ctx.wallet, input.symbol),
  }),
  defineHandler({
    code: '10094',
    handle: (ctx, input) => deleteAlert(ctx.db, ctx.wallet, input.id),
  }),
];
