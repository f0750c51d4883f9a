import { defineHandler } from '../../http/handler.ts';
import { inLanguage, oneInLanguage } from '../translations/index.ts';
import { listOfferings, offeringDetails, positions, subscribe } from './ido.service.ts';

// The request's moment is read here, at the edge; the service takes it as an argument. Names and
// descriptions are the operator's, in the reader's language where one was given (translations).
const byToken = (o: { token: string }) => o.token;

export const idoHandlers = [
  defineHandler({
    code: '10060',
    handle: async (ctx, input) => {
      const page = await listOfferings(ctx.db, input);
      return { ...page, list: await inLanguage(ctx.db, ctx.lang, 'ido', page.list, byToken) };
    },
  }),
  defineHandler({
    code: '10062',
    handle: async (ctx, input) =>
      oneInLanguage(ctx.db, ctx.lang, 'ido', await offeringDetails(ctx.db, input.id), byToken),
  }),
  defineHandler({
    code: '10063',
    handle: (ctx, input) => subscribe(ctx.db, ctx.wallet, input, Date.now()),
  }),
  defineHandler({
    code: '10064',
    handle: async (ctx, input) => {
      const page = await positions(ctx.db, ctx.wallet, input, Date.now());
      return { ...page, list: await inLanguage(ctx.db, ctx.lang, 'ido', page.list, byToken) };
    },
  }),
];
