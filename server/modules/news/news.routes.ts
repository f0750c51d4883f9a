import { newsDetailsRequest, newsListRequest } from '../../../protocol/news.ts';
import { emptyForm } from '../../../protocol/validation.ts';
import { defineHandler } from '../../http/handler.ts';
import { announcementDetails, listAnnouncements } from './news.service.ts';

export const newsHandlers = [
  defineHandler({
    code: '10083',
    schema: newsListRequest,
    handle: (ctx, input) => listAnnouncements(ctx.db, input.lang ?? ctx.lang, input),
  }),
  defineHandler({
    code: '10084',
    schema: newsDetailsRequest,
    handle: (ctx, input) => announcementDetails(ctx.db, input.lang ?? ctx.lang, input.id),
  }),
  defineHandler({
    code: '10085',
    schema: emptyForm,
    // The channels the operator configured (`config contact`), the same list 00000 carries.
    handle: async (ctx) => ({ list: (await ctx.services.config.get()).contact }),
  }),
];
