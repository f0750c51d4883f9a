import { emptyForm } from '../../../protocol/validation.ts';
import { defineHandler } from '../../http/handler.ts';

export const configHandlers = [
  defineHandler({
    code: '00000',
    schema: emptyForm,
    handle: (ctx) => ctx.services.config.get(),
  }),
];
