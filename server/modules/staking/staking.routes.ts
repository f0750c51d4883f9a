import { defineHandler, serviceHandler } from '../../http/handler.ts';
import { listPlans, redeem, stake, stakingRecords } from './staking.service.ts';

// The request's moment is read here, at the edge; the service takes it as an argument.
export const stakingHandlers = [
  defineHandler({
    code: '10035',
    handle: async (ctx) => (await listPlans(ctx.db, ctx.wallet)).map(({ enabled: _, ...plan }) => plan),
  }),
  defineHandler({
    code: '10036',
    handle: (ctx, input) => stake(ctx.db, ctx.wallet, input, Date.now()),
  }),
  serviceHandler('10037', stakingRecords),
  defineHandler({
    code: '10041',
    handle: (ctx, input) => redeem(ctx.db, ctx.wallet, input.id, Date.now()),
  }),
];
