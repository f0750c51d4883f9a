import type { SetLanguageResponse } from '../../../protocol/language.ts';
import { defineHandler } from '../../http/handler.ts';
import { LANGUAGE_COOKIE } from '../../http/language.ts';

export const languageHandlers = [
  defineHandler({
    code: 'E0001',
    async handle(ctx, input): Promise<SetLanguageResponse> {
      // Kept for a year, like the client's own choice; read by requestLanguage().
      ctx.reply.setCookie(LANGUAGE_COOKIE, input.lang, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.request.protocol === 'https',
        maxAge: 365 * 24 * 3600,
      });
      ctx.setLanguage(input.lang);
      return { lang: input.lang };
    },
  }),
];
