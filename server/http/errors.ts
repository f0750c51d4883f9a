/**
 * The one place a failure becomes a public answer: a translated envelope with the catalogue's
 * code and HTTP status. Framework errors (body too large, wrong media type) map to their own
 * catalogue entries; anything unexpected is logged and answered as `internal_error`, with no
 * detail about the cause.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../../protocol/domain-error.ts';
import type { Envelope } from '../../protocol/envelope.ts';
import { ERRORS, type ErrorName, errorKey } from '../../protocol/errors.ts';
import type { Translator } from '../i18n.ts';
import { requestLanguage } from './language.ts';

const FRAMEWORK_ERRORS: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_content_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_body',
};

export function toPublicError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (mapped) return new DomainError(mapped);
  const status = fastifyError.statusCode;
  // Other client errors raised by the framework or a plugin: a directory or a hidden file asked
  // of the static files (403/404), a bad URL encoding (400).
  if (status === 403 || status === 404) return new DomainError('not_found');
  if (status === 405) return new DomainError('method_not_allowed');
  if (typeof status === 'number' && status >= 400 && status < 500) return new DomainError('malformed_body');
  return null;
}

export function installErrorHandler(app: FastifyInstance, translator: Translator): void {
  app.setErrorHandler((error, request, reply) => {
    let refusal = toPublicError(error);
    if (!refusal) {
      request.log.error({ err: error }, 'unexpected error');
      refusal = new DomainError('internal_error');
    }
    const t = translator.forLanguage(requestLanguage(request));
    const body: Envelope<null> = {
      respCode: ERRORS[refusal.errorName].code,
      respMsg: t(errorKey(refusal.errorName), refusal.params),
      data: null,
    };
    return reply.code(ERRORS[refusal.errorName].http).header('cache-control', 'no-store').send(body);
  });
}
