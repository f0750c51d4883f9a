import { defineHandler } from '../../http/handler.ts';
import { bindInviter, referralSummary } from './referral.service.ts';

export const referralHandlers = [
  defineHandler({
    code: '10009',
    handle: (ctx, input) => bindInviter(ctx.db, ctx.wallet, input.inviteCode),
  }),
  defineHandler({
    code: '100201',
    handle: (ctx, input) =>
      // The link points where the user opened the app, or at PUBLIC_URL when the operator named it.
      referralSummary(
        ctx.db,
        ctx.wallet,
        ctx.services.publicUrl ?? `${ctx.request.protocol}://${ctx.request.headers.host ?? 'localhost'}`,
        input,
      ),
  }),
];
