import { defineHandler } from '../../http/handler.ts';
import { deleteSubscription, saveSubscription } from './push.service.ts';

export const pushHandlers = [
  defineHandler({
    code: '100666',
    // Tied to the signed-in wallet when there is one; anonymous visitors may subscribe too.
    handle: (ctx, input) => saveSubscription(ctx.db, ctx.wallet, input),
  }),
  defineHandler({
    code: '100655',
    handle: (ctx, input) => deleteSubscription(ctx.db, input.endpoint),
  }),
];
