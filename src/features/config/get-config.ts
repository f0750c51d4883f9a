import type { GlobalConfig } from '../../../protocol/config.ts';
import type { SetLanguageResponse } from '../../../protocol/language.ts';
import type { Language } from '../../../protocol/languages.ts';
import { fetchData } from '../../lib/api.ts';

export function getConfig(): Promise<GlobalConfig> {
  return fetchData('00000');
}

export function setServerLanguage(lang: Language): Promise<SetLanguageResponse> {
  return fetchData('E0001', { lang });
}
