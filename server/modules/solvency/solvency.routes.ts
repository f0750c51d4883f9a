import { nextSnapshotAt } from '../../../protocol/solvency.ts';
import { defineHandler } from '../../http/handler.ts';
import { listSnapshots, proofAnswer } from './solvency.service.ts';

export const solvencyHandlers = [
  defineHandler({
    code: '10090',
    handle: async (ctx, input) => ({
      snapshots: await listSnapshots(ctx.db, input.size),
      nextSnapshotAt: nextSnapshotAt(Date.now()),
    }),
  }),
  defineHandler({
    code: '10091',
    handle: (ctx, input) => proofAnswer(ctx.db, ctx.wallet, input.snapshotId, Date.now()),
  }),
];
