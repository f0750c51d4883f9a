import { defineHandler } from '../../http/handler.ts';
import { listOfferings, offeringDetails, positions, subscribe } from './ido.service.ts';

// The request's moment is read here, at the edge; the service takes it as an argument.
export const idoHandlers = [
  defineHandler({
    code: '10060',
    handle: (ctx, input) => listOfferings(ctx.db, input),
  }),
  defineHandler({
    code: '10062',
    handle: (ctx, input) => offeringDetails(ctx.db, input.id),
  }),
  defineHandler({
    code: '10063',
    handle: (ctx, input) => subscribe(ctx.db, ctx.wallet, input, Date.now()),
  }),
  defineHandler({
    code: '10064',
    handle: (ctx, input) => positions(ctx.db, ctx.wallet, input, Date.now()),
  }),
];
