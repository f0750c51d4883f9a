/**
 * `POST /adc/html/eto/{code}.do`: one route for every product code. The checks run in a fixed
 * order (known code, open feature, session, requestId, fields) and each failure is a catalogue
 * error; only a request that passes all of them reaches the module's handler. Mutating codes run
 * inside the idempotency transaction, so a retry never applies twice.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { type ApiCode, CODES, isApiCode } from '../../protocol/codes.ts';
import { type Envelope, RESP_OK } from '../../protocol/envelope.ts';
import type { Language } from '../../protocol/languages.ts';
import { type FormBody, parseForm, requestId as requestIdSchema } from '../../protocol/validation.ts';
import type { Db } from '../db/client.ts';
import { fingerprintOf, runIdempotent } from '../modules/idempotency/idempotency.service.ts';
import { ApiError } from './api-error.ts';
import type { CodeHandler, HandlerContext, Services } from './handler.ts';
import { requestLanguage } from './language.ts';

export interface DispatchDeps {
  db: Db;
  handlers: ReadonlyMap<ApiCode, CodeHandler>;
  services: Services;
}

const FILE_PATTERN = /^([A-Za-z0-9]{1,10})\.do$/;

export function codeFromFile(file: string): ApiCode {
  const code = FILE_PATTERN.exec(file)?.[1];
  if (!code || !isApiCode(code)) throw new ApiError('unknown_code');
  return code;
}

function readRequestId(body: FormBody): string {
  const raw = body.requestId;
  if (raw === undefined || raw === '') throw new ApiError('request_id_required');
  if (!v.is(requestIdSchema, raw)) throw new ApiError('field_invalid', { field: 'requestId' });
  return raw.toLowerCase();
}

export function createDispatcher(deps: DispatchDeps) {
  return async function dispatch(
    request: FastifyRequest<{ Params: { file: string } }>,
    reply: FastifyReply,
  ): Promise<Envelope> {
    const code = codeFromFile(request.params.file);
    const info = CODES[code];
    const handler = deps.handlers.get(code);
    if (!handler) throw new ApiError('not_open_yet');
    if (info.feature && !(await deps.services.config.get()).features[info.feature]) {
      throw new ApiError('not_open_yet');
    }
    if (info.wallet && !request.wallet) throw new ApiError('session_ended');

    const body = (request.body ?? {}) as FormBody;
    const requestId = info.mutating ? readRequestId(body) : null;
    const parsed = parseForm(handler.schema, body);
    if (!parsed.ok) throw new ApiError(parsed.error, parsed.params);

    const context = (db: HandlerContext['db']): HandlerContext => ({
      db,
      lang: requestLanguage(request),
      wallet: request.wallet,
      request,
      reply,
      services: deps.services,
      setLanguage(lang: Language) {
        request.lang = lang;
      },
    });

    let data: unknown;
    if (requestId) {
      const key = {
        scope: request.wallet ?? 'public',
        requestId,
        code,
        fingerprint: fingerprintOf(code, body),
      };
      ({ data } = await runIdempotent(deps.db, key, (tx) => handler.handle(context(tx), parsed.value)));
    } else {
      data = await handler.handle(context(deps.db), parsed.value);
    }
    reply.header('cache-control', 'no-store');
    return { respCode: RESP_OK, respMsg: '', data: data ?? null };
  };
}
