import { financeRequest } from '../../../protocol/assets.ts';
import { emptyForm } from '../../../protocol/validation.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { assetsOf, financeRecords } from './assets.service.ts';

export const assetsHandlers = [
  defineHandler({
    code: '10010',
    schema: emptyForm,
    handle: (ctx) => assetsOf(ctx.db, ctx.services.markets, requireWallet(ctx)),
  }),
  defineHandler({
    code: '10011',
    schema: financeRequest,
    handle: (ctx, input) => financeRecords(ctx.db, requireWallet(ctx), input),
  }),
];
