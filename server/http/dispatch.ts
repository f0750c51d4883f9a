/**
 * `POST /adc/html/eto/{code}.do`: one route for every product code. The checks run in a fixed
 * order (known code, open feature, session, requestId, fields) and each failure is a catalogue
 * error; only a request that passes all of them reaches the module's handler. Mutating codes run
 * inside the idempotency transaction, so a retry never applies twice.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { type ApiCode, CODES, type Feature, isApiCode } from '../../protocol/codes.ts';
import { DomainError } from '../../protocol/domain-error.ts';
import { type Envelope, RESP_OK, RESP_OK_NOTICE } from '../../protocol/envelope.ts';
import type { Language } from '../../protocol/languages.ts';
import { type FormBody, parseForm, requestId as requestIdSchema } from '../../protocol/validation.ts';
import type { Db } from '../db/client.ts';
import type { Translator } from '../i18n.ts';
import { type CodeHandler, FileAnswer, type HandlerContext, JsonText, type Services } from './handler.ts';
import { fingerprintOf, runIdempotent } from './idempotency/idempotency.service.ts';
import { requestLanguage } from './language.ts';

export interface DispatchDeps {
  db: Db;
  translator: Translator;
  handlers: ReadonlyMap<ApiCode, CodeHandler>;
  services: Services;
  /** Whether a feature is switched on in the global configuration now. */
  featureOpen(feature: Feature): Promise<boolean>;
}

const FILE_PATTERN = /^([A-Za-z0-9]{1,10})\.do$/;

export function codeFromFile(file: string): ApiCode {
  const code = FILE_PATTERN.exec(file)?.[1];
  if (!code || !isApiCode(code)) throw new DomainError('unknown_code');
  return code;
}

function readRequestId(body: FormBody): string {
  const raw = body.requestId;
  if (raw === undefined || raw === '') throw new DomainError('request_id_required');
  if (!v.is(requestIdSchema, raw)) throw new DomainError('field_invalid', { field: 'requestId' });
  return raw.toLowerCase();
}

export function createDispatcher(deps: DispatchDeps) {
  return async function dispatch(
    request: FastifyRequest<{ Params: { file: string } }>,
    reply: FastifyReply,
  ): Promise<Envelope | FastifyReply | string> {
    const code = codeFromFile(request.params.file);
    const info = CODES[code];
    const handler = deps.handlers.get(code);
    if (!handler) throw new DomainError('not_open_yet');
    if (info.feature && !(await deps.featureOpen(info.feature))) {
      throw new DomainError('not_open_yet');
    }
    if (info.wallet && !request.wallet) throw new DomainError('session_ended');

    const body = (request.body ?? {}) as FormBody;
    const requestId = info.mutating ? readRequestId(body) : null;
    const parsed = parseForm(handler.schema, body);
    if (!parsed.ok) throw new DomainError(parsed.error, parsed.params);

    let notice: string | null = null;
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
      notice(key: string) {
        notice = key;
      },
    });
    const run = async (db: HandlerContext['db']) => {
      const data = await handler.handle(context(db), parsed.value);
      return { data: data ?? null, notice };
    };

    // A retry gets the stored result, notice included, so it reads exactly like the first answer.
    const result = requestId
      ? (
          await runIdempotent(
            deps.db,
            { scope: request.wallet ?? 'public', requestId, code, fingerprint: fingerprintOf(code, body) },
            run,
          )
        ).data
      : await run(deps.db);
    reply.header('cache-control', 'no-store');
    if (result.data instanceof FileAnswer) {
      // Only read-only codes answer with files, so nothing here was stored for a retry.
      return reply
        .type(result.data.contentType)
        .header('content-disposition', `attachment; filename="${result.data.fileName}"`)
        .send(result.data.body);
    }
    if (result.data instanceof JsonText && !result.notice) {
      reply.type('application/json; charset=utf-8');
      return `{"respCode":"${RESP_OK}","respMsg":"","data":${result.data.text}}`;
    }
    if (result.notice) {
      const t = deps.translator.forLanguage(requestLanguage(request));
      return { respCode: RESP_OK_NOTICE, respMsg: t(result.notice), data: result.data };
    }
    return { respCode: RESP_OK, respMsg: '', data: result.data };
  };
}
