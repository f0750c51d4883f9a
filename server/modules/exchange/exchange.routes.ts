import type { ExchangeQuoteResponse } from '../../../protocol/exchange.ts';
import { defineHandler } from '../../http/handler.ts';
import { createQuote, exchangeRecords, executeExchange, listPairs } from './exchange.service.ts';

export const exchangeHandlers = [
  defineHandler({
    code: '10030',
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
    // Mutating codes run inside the idempotency transaction: ctx.db is that transaction.
    handle: (ctx, input) => executeExchange(ctx.db, ctx.wallet, input),
  }),
  defineHandler({
    code: '10034',
    handle: (ctx, input) => exchangeRecords(ctx.db, ctx.wallet, input),
  }),
];
