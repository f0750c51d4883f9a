/**
 * What a module gives the dispatcher for each code it serves: the code, the schema of its form
 * body, and the function that answers it. Modules never see the raw request body.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { ApiCode, CODES } from '../../protocol/codes.ts';
import { type AnswerOf, CONTRACT, type RequestOf, type SavedFile } from '../../protocol/contract.ts';
import type { Language } from '../../protocol/languages.ts';
import type { DbOrTx, Tx } from '../db/client.ts';

/**
 * Long-lived services handlers may use. The modules that own a service add it here by declaration
 * merging (`declare module '…/http/handler.ts'`), as Fastify's decorators are typed, so this layer
 * names no module: the configuration's `config` (server/modules/config/config.service.ts) and the
 * market engine's `markets` (server/modules/markets/engine.ts). server/runtime.ts provides them.
 */
export interface Services {
  /** The public origin login messages are bound to (PUBLIC_URL), or null for loopback only. */
  publicUrl: string | null;
  /** Demo money is on (the faucet). */
  demo: boolean;
}

export interface HandlerContext {
  /** The database, or the transaction a mutating call runs in. */
  db: DbOrTx;
  lang: Language;
  /** The signed-in wallet (lower case), or null without a session. */
  wallet: string | null;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  /** Answer in another language from now on (E0001). */
  setLanguage(lang: Language): void;
  /** Succeed with a notice (respCode 1001) the client shows as a success toast; `key` is a bundle key. */
  notice(key: string): void;
}

/** What the dispatcher holds for a code: its schema and an untyped `handle` (see {@link defineHandler}). */
export interface CodeHandler {
  code: ApiCode;
  schema: v.GenericSchema;
  handle(ctx: HandlerContext, input: unknown): Promise<unknown>;
}

type Flags<C extends ApiCode> = (typeof CODES)[C];

/**
 * The context of code C: a mutating code runs inside its idempotency transaction, and a wallet
 * code only ever with a signed-in wallet (the dispatcher refuses it before the handler otherwise).
 */
export type ContextOf<C extends ApiCode> = Omit<HandlerContext, 'db' | 'wallet'> & {
  db: Flags<C>['mutating'] extends true ? Tx : DbOrTx;
  wallet: Flags<C>['wallet'] extends true ? string : string | null;
};

/** What code C's handler answers: its contract's data, text already serialized, or a file. */
export type HandlerAnswer<C extends ApiCode> =
  AnswerOf<C> extends SavedFile ? FileAnswer : AnswerOf<C> | JsonText;

/**
 * A handler of code C through the contract (protocol/contract.ts): its input is the code's schema
 * output, its answer the code's answer type.
 */
export function defineHandler<C extends ApiCode>(handler: {
  code: C;
  handle(ctx: ContextOf<C>, input: RequestOf<C>): Promise<HandlerAnswer<C>>;
}): CodeHandler {
  return {
    code: handler.code,
    schema: CONTRACT[handler.code].request,
    // The dispatcher keeps the promises ContextOf<C> states (a transaction for mutating codes, a
    // wallet for wallet codes) and passes the schema's output: the types meet here, once.
    handle: handler.handle as CodeHandler['handle'],
  };
}

/**
 * A file a read-only code answers with instead of the JSON envelope (10095's CSV statement): the
 * dispatcher streams `body` as `contentType`, offered for saving under `fileName`. Errors found
 * before the handler returns still answer as envelopes.
 */
export class FileAnswer {
  readonly contentType: string;
  readonly fileName: string;
  readonly body: Readable;

  constructor(contentType: string, fileName: string, body: Readable) {
    this.contentType = contentType;
    this.fileName = fileName;
    this.body = body;
  }
}

/**
 * A handler's answer that is already JSON text (00000's configuration, serialized once per cached
 * copy): the dispatcher puts it into the envelope as it is.
 */
export class JsonText {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}

/**
 * The most common handler: a service called as `serve(db, wallet, input)`, the wallet the code's
 * (signed in for a wallet code) and the database its (a transaction for a mutating code).
 */
export function serviceHandler<C extends ApiCode>(
  code: C,
  serve: (
    db: ContextOf<C>['db'],
    wallet: ContextOf<C>['wallet'],
    input: RequestOf<C>,
  ) => Promise<HandlerAnswer<C>>,
): CodeHandler {
  return defineHandler({ code, handle: (ctx, input) => serve(ctx.db, ctx.wallet, input) });
}
