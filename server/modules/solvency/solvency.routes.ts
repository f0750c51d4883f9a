import { solvencyProofRequest, solvencyRequest } from '../../../protocol/solvency.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { listSnapshots, proofOf } from './solvency.service.ts';

export const solvencyHandlers = [
  defineHandler({
    code: '10090',
    schema: solvencyRequest,
    handle: async (ctx, input) => ({ snapshots: await listSnapshots(ctx.db, input.size) }),
  }),
  defineHandler({
    code: '10091',
    schema: solvencyProofRequest,
    handle: (ctx, input) => proofOf(ctx.db, requireWallet(ctx), input.snapshotId),
  }),
];
