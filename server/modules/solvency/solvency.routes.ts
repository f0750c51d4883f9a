import { defineHandler } from '../../http/handler.ts';
import { listSnapshots, proofOf } from './solvency.service.ts';

export const solvencyHandlers = [
  defineHandler({
    code: '10090',
    handle: async (ctx, input) => ({ snapshots: await listSnapshots(ctx.db, input.size) }),
  }),
  defineHandler({
    code: '10091',
    handle: (ctx, input) => proofOf(ctx.db, ctx.wallet, input.snapshotId),
  }),
];
