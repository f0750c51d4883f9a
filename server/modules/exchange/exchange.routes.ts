import {
  type ExchangeQuoteResponse,
  exchangeQuoteRequest,
  exchangeRecordsRequest,
  exchangeRequest,
} from '../../../protocol/exchange.ts';
import type { Tx } from '../../db/client.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { createQuote, exchangeRecords, executeExchange, listPairs } from './exchange.service.ts';

export const exchangeHandlers = [
  defineHandler({
    code: '10030',
    schema: exchangeQuoteRequest,
    async handle(ctx, input): Promise<ExchangeQuoteResponse> {
      const pairs = await listPairs(ctx.db);
      const quote = input.pair
        ? await createQuote(ctx.db, ctx.services.markets, {
            pair: input.pair,
            amount: input.amount,
            wallet: ctx.wallet,
          })
        : null;
      return { pairs, quote };
    },
  }),
  defineHandler({
    code: '10031',
    schema: exchangeRequest,
    // Mutating codes run inside the idempotency transaction: ctx.db is that transaction.
    handle: (ctx, input) => executeExchange(ctx.db as Tx, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10034',
    schema: exchangeRecordsRequest,
    handle: (ctx, input) => exchangeRecords(ctx.db, requireWallet(ctx), input),
  }),
];
