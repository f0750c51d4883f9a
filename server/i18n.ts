/**
 * Server-side translation from the same bundles the client loads (`locales/*.json`), through
 * i18next so that interpolation reads the same on both sides.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../protocol/languages.ts';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales');

export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface Translator {
  forLanguage(lang: Language): Translate;
}

export async function createTranslator(localesDir = LOCALES_DIR): Promise<Translator> {
  const resources = Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      { translation: JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) },
    ]),
  );
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const fixed = new Map<Language, TFunction>(LANGUAGES.map((lang) => [lang, instance.getFixedT(lang)]));
  return {
    forLanguage(lang) {
      const t = fixed.get(lang) ?? instance.getFixedT(DEFAULT_LANGUAGE);
      return (key, params) => {
        // Field names in messages read in the user's language when the bundle knows them.
        const field = params?.field;
        const translated =
          typeof field === 'string' && field !== '' && instance.exists(`fields.${field}`, { lng: lang })
            ? { ...params, field: t(`fields.${field}`) }
            : params;
        return t(key, translated ?? {});
      };
    },
  };
}
