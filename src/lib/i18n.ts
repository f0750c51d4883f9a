/**
 * i18next on the client. Only the active language's bundle is fetched, in two parts
 * (scripts/locale-parts.ts): the keys the first page names come with the start chunk; the
 * rest at the visitor's first tap or key (src/main.tsx), and before any other screen renders
 * (src/root/screens.tsx).
 * Arabic turns the document right-to-left.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, RTL_LANGUAGES } from '../../protocol/languages.ts';
import { withPlainTranslations } from './plain-translation.ts';

/** The one i18next instance, for code outside React (toasts, the API client). */
export const i18n = withPlainTranslations(i18next);

type Bundle = Record<string, unknown>;
type Parts = Record<string, () => Promise<Bundle>>;

// Each part of each language is a chunk of its own.
const firstParts: Parts = import.meta.glob<Bundle>('../../locales/*.json', {
  query: '?part=first',
  import: 'default',
});
const restParts: Parts = import.meta.glob<Bundle>('../../locales/*.json', {
  query: '?part=rest',
  import: 'default',
});

function loadPart(parts: Parts, lang: Language): Promise<Bundle> {
  const load = parts[`../../locales/${lang}.json`];
  if (!load) return Promise.reject(new Error(`no bundle for ${lang}`));
  return load();
}

const completing = new Map<Language, Promise<void>>();

// The language start-up chose (initI18n): a screen's code may be asked for before it is known.
let chooseLanguage: (lang: Language) => void = () => undefined;
const languageChosen = new Promise<Language>((resolve) => {
  chooseLanguage = resolve;
});

/**
 * Adds the rest of `lang`'s bundle (by default the current language's, once start-up has chosen
 * it), once; a failed load is tried again on the next call, as when the network comes back.
 * Resolves when every key of the language is there.
 */
export function completeLanguage(lang?: Language): Promise<void> {
  if (!lang) return languageChosen.then(() => completeLanguage(i18next.language as Language));
  let loading = completing.get(lang);
  if (!loading) {
    loading = loadPart(restParts, lang).then((rest) => {
      i18next.addResourceBundle(lang, 'translation', rest, true, false);
    });
    loading.catch(() => completing.delete(lang));
    completing.set(lang, loading);
  }
  return loading;
}

/**
 * What `load` answers, once the current language is complete too: what every screen but home's
 * (and whatever else is not on the first page) waits for before it renders, so it shows no raw key.
 */
export function withCompleteLanguage<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), completeLanguage()]).then(([loaded]) => loaded);
}

/** Only what changes: each write restyles the whole document (index.html starts as zh-CN, ltr). */
function applyDocumentLanguage(lang: Language): void {
  // The server's render of the first screen has no document: it writes lang and dir itself.
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  const dir = RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
  if (root.lang !== lang) root.lang = lang;
  if (root.dir !== dir) root.dir = dir;
}

export async function initI18n(lang: Language = DEFAULT_LANGUAGE): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { translation: await loadPart(firstParts, lang) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(lang);
  chooseLanguage(lang);
  return i18next;
}

export async function changeLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loadPart(firstParts, lang), true, false);
  }
  await completeLanguage(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
}
