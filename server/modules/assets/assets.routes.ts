import { financeRequest, statementFileName, statementRequest } from '../../../protocol/assets.ts';
import { emptyForm } from '../../../protocol/validation.ts';
import { defineHandler, FileAnswer, requireWallet } from '../../http/handler.ts';
import { assetsOf, financeRecords } from './assets.service.ts';
import { statementStream } from './statement.ts';

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
  defineHandler({
    code: '10095',
    schema: statementRequest,
    handle: async (ctx, input) =>
      new FileAnswer(
        'text/csv; charset=utf-8',
        statementFileName(input.from, input.to),
        statementStream(ctx.db, requireWallet(ctx), input),
      ),
  }),
];
