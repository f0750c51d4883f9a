import { defineHandler, serviceHandler } from '../../http/handler.ts';
import { inLanguage, oneInLanguage } from '../translations/index.ts';
import { listMachines, machineDetails } from './mining.catalogue.ts';
import { buy, incomeRecords, myMachines } from './mining.purchase.ts';

// The request's moment is read here, at the edge; the service takes it as an argument. A machine's
// operating environment is the operator's text, in the reader's language where one was given.
const byKey = (m: { key: string }) => m.key;

export const miningHandlers = [
  defineHandler({
    code: '10050',
    handle: async (ctx, input) => {
      const page = await listMachines(ctx.db, ctx.services.markets, Date.now(), input);
      return { ...page, list: await inLanguage(ctx.db, ctx.lang, 'machine', page.list, byKey) };
    },
  }),
  defineHandler({
    code: '10051',
    handle: async (ctx, input) =>
      oneInLanguage(
        ctx.db,
        ctx.lang,
        'machine',
        await machineDetails(ctx.db, ctx.services.markets, Date.now(), input.id),
        byKey,
      ),
  }),
  defineHandler({
    code: '10052',
    handle: (ctx, input) =>
      buy(
        ctx.db,
        ctx.wallet,
        { productId: input.productId, units: input.quantity, joint: false },
        Date.now(),
      ),
  }),
  serviceHandler('10053', myMachines),
  serviceHandler('10055', incomeRecords),
  defineHandler({
    code: '10056',
    handle: async (ctx, input) => {
      const page = await listMachines(ctx.db, ctx.services.markets, Date.now(), {
        ...input,
        jointOnly: true,
      });
      return { ...page, list: await inLanguage(ctx.db, ctx.lang, 'machine', page.list, byKey) };
    },
  }),
  defineHandler({
    code: '10058',
    handle: (ctx, input) =>
      buy(ctx.db, ctx.wallet, { productId: input.productId, units: input.shares, joint: true }, Date.now()),
  }),
];
