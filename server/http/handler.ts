/**
 * What a module gives the dispatcher for each code it serves: the code, the schema of its form
 * body, and the function that answers it. Modules never see the raw request body.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { ApiCode } from '../../protocol/codes.ts';
import type { Language } from '../../protocol/languages.ts';
import type { DbOrTx } from '../db/client.ts';
import type { ConfigService } from '../modules/config/config.service.ts';
import type { MarketEngine } from '../modules/markets/engine.ts';
import { ApiError } from './api-error.ts';

/** Long-lived services handlers may use. */
export interface Services {
  config: ConfigService;
  /** The public origin login messages are bound to (PUBLIC_URL), or null for loopback only. */
  publicUrl: string | null;
  /** Demo money is on (the faucet). */
  demo: boolean;
  /** The market data engine, or null where the server runs without one. */
  markets: MarketEngine | null;
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

export interface CodeHandler<S extends v.GenericSchema = v.GenericSchema> {
  code: ApiCode;
  schema: S;
  handle(ctx: HandlerContext, input: v.InferOutput<S>): Promise<unknown>;
}

/** Keeps the schema's output type attached to `handle` while the registry holds handlers of any schema. */
export function defineHandler<S extends v.GenericSchema>(handler: CodeHandler<S>): CodeHandler {
  return handler as unknown as CodeHandler;
}

/** The signed-in wallet of a wallet code; the dispatcher already refused calls without one. */
export function requireWallet(ctx: HandlerContext): string {
  if (!ctx.wallet) throw new ApiError('session_ended');
  return ctx.wallet;
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
