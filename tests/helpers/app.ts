/** Builds the real application over a given database for `app.inject` tests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiCode } from '../../protocol/codes.ts';
import type { AnswerOf } from '../../protocol/contract.ts';
import { codePath, type Envelope, isSuccess } from '../../protocol/envelope.ts';
import { type AppOptions, buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import type { CodeHandler } from '../../server/http/handler.ts';
import { createTranslator } from '../../server/i18n.ts';
import { codeHandlers } from '../../server/modules/index.ts';
import type { MarketEngine } from '../../server/modules/markets/engine.ts';
import { createRuntime } from '../../server/runtime.ts';

export interface TestAppOptions {
  handlers?: readonly CodeHandler[];
  publicUrl?: string | null;
  demo?: boolean;
  markets?: MarketEngine | null;
  config?: Partial<AppOptions['config']>;
  loggerStream?: NodeJS.WritableStream;
}

export async function buildTestApp(database: Database, options: TestAppOptions = {}) {
  const runtime = createRuntime(database, {
    handlers: options.handlers ?? codeHandlers,
    publicUrl: options.publicUrl ?? null,
    demo: options.demo ?? false,
    markets: options.markets ?? null,
  });
  const app = await buildApp({
    database,
    translator: await createTranslator(),
    ...runtime,
    config: {
      rateLimitPerIp: 100_000,
      rateLimitPerWallet: 100_000,
      trustProxy: false,
      clientDir: '/nonexistent-client-dir',
      publicUrl: options.publicUrl ?? null,
      logLevel: options.loggerStream ? 'info' : 'silent',
      ...options.config,
    },
    ...(options.loggerStream ? { loggerStream: options.loggerStream } : {}),
  });
  return { app, runtime };
}

export const FORM_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  'x-requested-with': 'XMLHttpRequest',
} as const;

export async function post(
  app: FastifyInstance,
  code: ApiCode | string,
  body: string | Record<string, string> = '',
  headers: Record<string, string> = {},
): Promise<{ response: LightMyRequestResponse; envelope: Envelope }> {
  const payload = typeof body === 'string' ? body : new URLSearchParams(body).toString();
  const response = await app.inject({
    method: 'POST',
    url: codePath(code),
    headers: { ...FORM_HEADERS, ...headers },
    payload,
  });
  return { response, envelope: response.json() as Envelope };
}

/**
 * What a test sends: text fields, the contract's or not, since tests also send what the contract
 * refuses. What comes back is typed by the code (protocol/contract.ts).
 */
export type TestFields = Record<string, string>;

/** The envelope code C answers: its data is the contract's answer type. */
export type Answer<C extends ApiCode> = Envelope<AnswerOf<C>>;

/** A typed call on `app` with the given headers (a session cookie, a language). */
export type TestCall = <C extends ApiCode>(code: C, body?: TestFields) => Promise<Answer<C>>;

export function caller(app: FastifyInstance, headers: Record<string, string> = {}): TestCall {
  return async (code, body = {}) => (await post(app, code, body, headers)).envelope as Answer<typeof code>;
}

/** The data of a success; a refusal fails the test with the server's message. */
export function dataOf<T>(envelope: Envelope<T>): T {
  if (!isSuccess(envelope.respCode) || envelope.data === null)
    throw new Error(`expected a success with data, got ${envelope.respCode} ${envelope.respMsg}`);
  return envelope.data;
}
