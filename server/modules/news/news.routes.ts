import { defineHandler } from '../../http/handler.ts';
import { announcementDetails, listAnnouncements } from './news.service.ts';

export const newsHandlers = [
  defineHandler({
    code: '10083',
    handle: (ctx, input) => listAnnouncements(ctx.db, input.lang ?? ctx.lang, input),
  }),
  defineHandler({
    code: '10084',
    handle: (ctx, input) => announcementDetails(ctx.db, input.lang ?? ctx.lang, input.id),
  }),
  defineHandler({
    code: '10085',
    // The channels the operator configured (`config contact`), the same list 00000 carries.
    handle: async (ctx) => ({ list: (await ctx.services.config.get()).contact }),
  }),
];
