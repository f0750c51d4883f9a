import { redeemRequest, stakeRequest, stakingRecordsRequest } from '../../../protocol/staking.ts';
import { emptyForm } from '../../../protocol/validation.ts';
import type { Tx } from '../../db/client.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { listPlans, redeem, stake, stakingRecords } from './staking.service.ts';

// The request's moment is read here, at the edge; the service takes it as an argument.
export const stakingHandlers = [
  defineHandler({
    code: '10035',
    schema: emptyForm,
    handle: async (ctx) => (await listPlans(ctx.db, ctx.wallet)).map(({ enabled: _, ...plan }) => plan),
  }),
  defineHandler({
    code: '10036',
    schema: stakeRequest,
    handle: (ctx, input) => stake(ctx.db as Tx, requireWallet(ctx), input, Date.now()),
  }),
  defineHandler({
    code: '10037',
    schema: stakingRecordsRequest,
    handle: (ctx, input) => stakingRecords(ctx.db, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10041',
    schema: redeemRequest,
    handle: (ctx, input) => redeem(ctx.db as Tx, requireWallet(ctx), input.id, Date.now()),
  }),
];
