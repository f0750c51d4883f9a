import type { ExchangeQuoteResponse } from '../../../protocol/exchange.ts';
import { defineHandler, serviceHandler } from '../../http/handler.ts';
import { createQuote, exchangeRecords, executeExchange, listPairs } from './exchange.service.ts';

// Mutating codes run inside the idempotency transaction: ctx.db (the service's db) is that transaction.
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
  serviceHandler('10031', executeExchange),
  serviceHandler('10034', exchangeRecords),
];
