import type { DepositAddress } from '../../../protocol/deposit.ts';
import { defineHandler } from '../../http/handler.ts';
import { depositAddressesFor, depositRecords } from './deposit.service.ts';

export const depositHandlers = [
  defineHandler({
    code: '10020',
    handle: (ctx): Promise<DepositAddress[]> => depositAddressesFor(ctx.db, ctx.wallet),
  }),
  defineHandler({
    code: '10021',
    handle: (ctx, input) => depositRecords(ctx.db, ctx.wallet, input.page, input.size, input.coin),
  }),
];
