import { bindInviteRequest, referralRequest } from '../../../protocol/referral.ts';
import type { Tx } from '../../db/client.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { bindInviter, referralSummary } from './referral.service.ts';

export const referralHandlers = [
  defineHandler({
    code: '10009',
    schema: bindInviteRequest,
    handle: (ctx, input) => bindInviter(ctx.db as Tx, requireWallet(ctx), input.inviteCode),
  }),
  defineHandler({
    code: '100201',
    schema: referralRequest,
    handle: (ctx, input) =>
      // The link points where the user opened the app, or at PUBLIC_URL when the operator named it.
      referralSummary(
        ctx.db,
        requireWallet(ctx),
        ctx.services.publicUrl ?? `${ctx.request.protocol}://${ctx.request.headers.host ?? 'localhost'}`,
        input,
      ),
  }),
];
