import { defineHandler, serviceHandler } from '../../http/handler.ts';
import { addressBook, deleteAddress, saveAddress } from './address-book.ts';
import {
  submitWithdrawal,
  withdrawalDetails,
  withdrawalRecords,
  withdrawalTermsFor,
  withdrawOptions,
} from './withdraw.service.ts';

// Mutating codes (10023, 10025, 10028, 10029) run inside the idempotency transaction: the db a
// service gets is that transaction.
export const withdrawHandlers = [
  serviceHandler('10022', withdrawOptions),
  serviceHandler('10023', withdrawalTermsFor),
  serviceHandler('10024', addressBook),
  serviceHandler('10028', saveAddress),
  defineHandler({
    code: '10029',
    handle: (ctx, input) => deleteAddress(ctx.db, ctx.wallet, input.id),
  }),
  serviceHandler('10025', submitWithdrawal),
  serviceHandler('10026', withdrawalRecords),
  defineHandler({
    code: '10027',
    handle: (ctx, input) => withdrawalDetails(ctx.db, ctx.wallet, input.id),
  }),
];
