/**
 * Statements: the lines of a wallet's statement a page at a time (10011, ./records.ts), and a date
 * range of them as a CSV file streamed from the journal (10095, ./statement.ts). They are switched
 * with the assets they list (protocol/codes.ts).
 */
import { statementFileName } from '../../../protocol/statements.ts';
import { defineHandler, FileAnswer, serviceHandler } from '../../http/handler.ts';
import { statementRecords } from './records.ts';
import { statementStream } from './statement.ts';

export const statementHandlers = [
  serviceHandler('10011', statementRecords),
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
