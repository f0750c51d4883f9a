import {
  buySharesRequest,
  incomeRequest,
  machineRequest,
  mallRequest,
  myMachinesRequest,
  rentRequest,
} from '../../../protocol/mining.ts';
import type { Tx } from '../../db/client.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { listMachines, machineDetails } from './mining.catalogue.ts';
import { buy, incomeRecords, myMachines } from './mining.purchase.ts';

// The request's moment is read here, at the edge; the service takes it as an argument.
export const miningHandlers = [
  defineHandler({
    code: '10050',
    schema: mallRequest,
    handle: (ctx, input) => listMachines(ctx.db, ctx.services.markets, Date.now(), input),
  }),
  defineHandler({
    code: '10051',
    schema: machineRequest,
    handle: (ctx, input) => machineDetails(ctx.db, ctx.services.markets, Date.now(), input.id),
  }),
  defineHandler({
    code: '10052',
    schema: rentRequest,
    handle: (ctx, input) =>
      buy(
        ctx.db as Tx,
        requireWallet(ctx),
        { productId: input.productId, units: input.quantity, joint: false },
        Date.now(),
      ),
  }),
  defineHandler({
    code: '10053',
    schema: myMachinesRequest,
    handle: (ctx, input) => myMachines(ctx.db, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10055',
    schema: incomeRequest,
    handle: (ctx, input) => incomeRecords(ctx.db, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10056',
    schema: mallRequest,
    handle: (ctx, input) =>
      listMachines(ctx.db, ctx.services.markets, Date.now(), { ...input, jointOnly: true }),
  }),
  defineHandler({
    code: '10058',
    schema: buySharesRequest,
    handle: (ctx, input) =>
      buy(
        ctx.db as Tx,
        requireWallet(ctx),
        { productId: input.productId, units: input.shares, joint: true },
        Date.now(),
      ),
  }),
];
