import { defineHandler, JsonText } from '../../http/handler.ts';

export const configHandlers = [
  defineHandler({
    code: '00000',
    handle: async (ctx) => new JsonText(await ctx.services.config.getJson()),
  }),
];
