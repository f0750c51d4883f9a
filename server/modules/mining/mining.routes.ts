import { defineHandler, serviceHandler } from '../../http/handler.ts';
import { listMachines, machineDetails } from './mining.catalogue.ts';
import { buy, incomeRecords, myMachines } from './mining.purchase.ts';

// The request's moment is read here, at the edge; the service takes it as an argument.
export const miningHandlers = [
  defineHandler({
    code: '10050',
    handle: (ctx, input) => listMachines(ctx.db, ctx.services.markets, Date.now(), input),
  }),
  defineHandler({
    code: '10051',
    handle: (ctx, input) => machineDetails(ctx.db, ctx.services.markets, Date.now(), input.id),
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
    handle: (ctx, input) =>
      listMachines(ctx.db, ctx.services.markets, Date.now(), { ...input, jointOnly: true }),
  }),
  defineHandler({
    code: '10058',
    handle: (ctx, input) =>
      buy(ctx.db, ctx.wallet, { productId: input.productId, units: input.shares, joint: true }, Date.now()),
  }),
];
