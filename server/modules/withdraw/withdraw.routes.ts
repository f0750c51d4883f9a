import { defineHandler } from '../../http/handler.ts';
import { addressBook, deleteAddress, saveAddress } from './address-book.ts';
import {
  submitWithdrawal,
  withdrawalDetails,
  withdrawalRecords,
  withdrawalTermsFor,
  withdrawOptions,
} from './withdraw.service.ts';

export const withdrawHandlers = [
  defineHandler({
    code: '10022',
    handle: (ctx) => withdrawOptions(ctx.db, ctx.wallet),
  }),
  defineHandler({
    code: '10023',
    handle: (ctx, input) => withdrawalTermsFor(ctx.db, ctx.wallet, input),
  }),
  defineHandler({
    code: '10024',
    handle: (ctx) => addressBook(ctx.db, ctx.wallet),
  }),
  defineHandler({
    code: '10028',
    handle: (ctx, input) => saveAddress(ctx.db, ctx.wallet, input),
  }),
  defineHandler({
    code: '10029',
    handle: (ctx, input) => deleteAddress(ctx.db, ctx.wallet, input.id),
  }),
  defineHandler({
    code: '10025',
    // Mutating codes run inside the idempotency transaction: ctx.db is that transaction.
    handle: (ctx, input) => submitWithdrawal(ctx.db, ctx.wallet, input),
  }),
  defineHandler({
    code: '10026',
    handle: (ctx, input) => withdrawalRecords(ctx.db, ctx.wallet, input),
  }),
  defineHandler({
    code: '10027',
    handle: (ctx, input) => withdrawalDetails(ctx.db, ctx.wallet, input.id),
  }),
];
