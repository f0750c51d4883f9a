import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../protocol/languages.ts';

export const LANGUAGE_COOKIE = 'lang';

/** The language a request's messages are written in: the one set with E0001, else the default. */
export function requestLanguage(request: FastifyRequest): Language {
  if (isLanguage(request.lang)) return request.lang;
  const fromCookie = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}
