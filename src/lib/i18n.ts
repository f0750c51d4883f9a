/**
 * i18next on the client. Only the active language's bundle is fetched (each bundle is its own
 * chunk through import.meta.glob); Arabic turns the document right-to-left.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, RTL_LANGUAGES } from '../../protocol/languages.ts';
import { withPlainTranslations } from './plain-translation.ts';

/** The one i18next instance, for code outside React (toasts, the API client). */
export const i18n = withPlainTranslations(i18next);

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');

async function loadBundle(lang: Language): Promise<Record<string, unknown>> {
  const load = bundles[`../../locales/${lang}.json`];
  if (!load) throw new Error(`no bundle for ${lang}`);
  return (await load()).default;
}

/** Only what changes: each write restyles the whole document (index.html starts as zh-CN, ltr). */
function applyDocumentLanguage(lang: Language): void {
  const root = document.documentElement;
  const dir = RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
  if (root.lang !== lang) root.lang = lang;
  if (root.dir !== dir) root.dir = dir;
}

export async function initI18n(lang: Language = DEFAULT_LANGUAGE): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { translation: await loadBundle(lang) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(lang);
  return i18next;
}

export async function changeLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loadBundle(lang));
  }
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
}
