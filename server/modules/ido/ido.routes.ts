import {
  idoDetailsRequest,
  idoListRequest,
  positionsRequest,
  subscribeRequest,
} from '../../../protocol/ido.ts';
import type { Tx } from '../../db/client.ts';
import { defineHandler, requireWallet } from '../../http/handler.ts';
import { listOfferings, offeringDetails, positions, subscribe } from './ido.service.ts';

// The request's moment is read here, at the edge; the service takes it as an argument.
export const idoHandlers = [
  defineHandler({
    code: '10060',
    schema: idoListRequest,
    handle: (ctx, input) => listOfferings(ctx.db, input),
  }),
  defineHandler({
    code: '10062',
    schema: idoDetailsRequest,
    handle: (ctx, input) => offeringDetails(ctx.db, input.id),
  }),
  defineHandler({
    code: '10063',
    schema: subscribeRequest,
    handle: (ctx, input) => subscribe(ctx.db as Tx, requireWallet(ctx), input, Date.now()),
  }),
  defineHandler({
    code: '10064',
    schema: positionsRequest,
    handle: (ctx, input) => positions(ctx.db, requireWallet(ctx), input, Date.now()),
  }),
];
