/**
 * Statements (code 10095): a wallet's records of a date range as a CSV file, streamed from the
 * journal (./statement.ts). It is switched with the assets it lists (protocol/codes.ts).
 */
import { statementFileName } from '../../../protocol/assets.ts';
import { defineHandler, FileAnswer } from '../../http/handler.ts';
import { statementStream } from './statement.ts';

export const statementHandlers = [
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
