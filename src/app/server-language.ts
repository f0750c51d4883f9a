import type { SetLanguageResponse } from '../../protocol/language.ts';
import type { Language } from '../../protocol/languages.ts';
import { fetchData } from '../lib/api.ts';

/** E0001: the language the server writes its messages in for this browser. */
export function setServerLanguage(lang: Language): Promise<SetLanguageResponse> {
  return fetchData('E0001', { lang });
}
