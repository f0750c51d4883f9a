import { emptyForm } from '../../../protocol/validation.ts';
import { defineHandler, JsonText } from '../../http/handler.ts';

export const configHandlers = [
  defineHandler({
    code: '00000',
    schema: emptyForm,
    handle: async (ctx) => new JsonText(await ctx.services.config.getJson()),
  }),
];
