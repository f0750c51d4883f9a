import { type DepositAddress, recordsRequest } from '../../../protocol/deposit.ts';
import { emptyForm } from '../../../protocol/validation.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { depositAddressesFor, depositRecords } from './deposit.service.ts';

export const depositHandlers = [
  defineHandler({
    code: '10020',
    schema: emptyForm,
    handle: (ctx): Promise<DepositAddress[]> => depositAddressesFor(ctx.db, requireWallet(ctx)),
  }),
  defineHandler({
    code: '10021',
    schema: recordsRequest,
    handle: (ctx, input) => depositRecords(ctx.db, requireWallet(ctx), input.page, input.size, input.coin),
  }),
];
