import { alertCreateRequest, alertDeleteRequest, alertListRequest } from '../../../protocol/alerts.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { createAlert, deleteAlert, listAlerts } from './alerts.service.ts';

export const alertHandlers = [
  defineHandler({
    code: '10092',
    schema: alertCreateRequest,
    handle: (ctx, input) => createAlert(ctx.db, ctx.services.markets, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10093',
    schema: alertListRequest,
    handle: (ctx, input) => listAlerts(ctx.db, requireWallet(ctx), input.symbol),
  }),
  defineHandler({
    code: '10094',
    schema: alertDeleteRequest,
    handle: (ctx, input) => deleteAlert(ctx.db, requireWallet(ctx), input.id),
  }),
];
