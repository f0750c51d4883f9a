import { statementFileName } from '../../../protocol/assets.ts';
import { defineHandler, FileAnswer } from '../../http/handler.ts';
import { assetsOf, financeRecords } from './assets.service.ts';
import { statementStream } from './statement.ts';

export const assetsHandlers = [
  defineHandler({
    code: '10010',
    handle: (ctx) => assetsOf(ctx.db, ctx.services.markets, ctx.wallet),
  }),
  defineHandler({
    code: '10011',
    handle: (ctx, input) => financeRecords(ctx.db, ctx.wallet, input),
  }),
  defineHandler({
    code: '10095',
    handle: async (ctx, input) =>
      new FileAnswer(
        'text/csv; charset=utf-8',
        statementFileName(input.from, input.to),
        statementStream(ctx.db, ctx.wallet, input),
      ),
  }),
];
