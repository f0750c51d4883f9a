import { emptyForm } from '../../../protocol/validation.ts';
import {
  withdrawalDetailsRequest,
  withdrawRecordsRequest,
  withdrawRequest,
} from '../../../protocol/withdraw.ts';
import type { Tx } from '../../db/client.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import {
  submitWithdrawal,
  withdrawalDetails,
  withdrawalRecords,
  withdrawOptions,
} from './withdraw.service.ts';

export const withdrawHandlers = [
  defineHandler({
    code: '10022',
    schema: emptyForm,
    handle: (ctx) => withdrawOptions(ctx.db, requireWallet(ctx)),
  }),
  defineHandler({
    code: '10025',
    schema: withdrawRequest,
    // Mutating codes run inside the idempotency transaction: ctx.db is that transaction.
    handle: (ctx, input) => submitWithdrawal(ctx.db as Tx, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10026',
    schema: withdrawRecordsRequest,
    handle: (ctx, input) => withdrawalRecords(ctx.db, requireWallet(ctx), input),
  }),
  defineHandler({
    code: '10027',
    schema: withdrawalDetailsRequest,
    handle: (ctx, input) => withdrawalDetails(ctx.db, requireWallet(ctx), input.id),
  }),
];
