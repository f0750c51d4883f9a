/** E0001: set the language the server writes its messages in. */
import * as v from 'valibot';
import { LANGUAGES, type Language } from './languages.ts';
import { errorMessage } from './validation.ts';

export const setLanguageRequest = v.object({
  lang: v.picklist(LANGUAGES, errorMessage('unsupported_language')),
});

export type SetLanguageRequest = v.InferOutput<typeof setLanguageRequest>;

export interface SetLanguageResponse {
  lang: Language;
}
