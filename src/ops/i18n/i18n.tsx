/**
 * The console's two languages (English, Chinese): plain typed objects, a context, and `t(key,
 * params)` with `{name}` placeholders. The console is a tool for a handful of operators, not the
 * product's nine-language app, so it carries no i18next and none of the users' locale bundles.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { setOpsLanguage } from '../api.ts';
import { en, type MessageKey, type Messages } from './en.ts';
import { zh } from './zh.ts';

export type OpsLanguage = 'en' | 'zh';
export const OPS_LANGUAGES: Record<OpsLanguage, { name: string; tag: string; accept: string }> = {
  en: { name: 'English', tag: 'en', accept: 'en' },
  zh: { name: '中文', tag: 'zh-CN', accept: 'zh-CN,zh;q=0.9' },
};
export const MESSAGES: Record<OpsLanguage, Messages> = { en, zh };
const STORED = 'meridian-ops-language';

export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** The stored choice, else Chinese for a browser in any Chinese, else English. */
export function pickLanguage(stored: string | null, browser: string | undefined): OpsLanguage {
  if (stored === 'en' || stored === 'zh') return stored;
  return browser?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function translate(messages: Messages, key: MessageKey, params: Params = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

interface I18n {
  lang: OpsLanguage;
  setLang(lang: OpsLanguage): void;
  t: Translate;
  /** The BCP 47 tag for dates and numbers. */
  locale: string;
}

const I18nContext = createContext<I18n | null>(null);

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

/** Applies a language to the page and to the server's messages (api.ts). */
function apply(lang: OpsLanguage): void {
  document.documentElement.lang = OPS_LANGUAGES[lang].tag;
  setOpsLanguage(OPS_LANGUAGES[lang].accept);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<OpsLanguage>(() => {
    const first = pickLanguage(storedChoice(), navigator.language);
    apply(first);
    return first;
  });
  const setLang = useCallback((next: OpsLanguage) => {
    apply(next);
    try {
      localStorage.setItem(STORED, next);
    } catch {
      // A browser that keeps nothing asks again next time: no harm.
    }
    setLangState(next);
  }, []);
  const value = useMemo<I18n>(
    () => ({
      lang,
      setLang,
      t: (key, params) => translate(MESSAGES[lang], key, params),
      locale: OPS_LANGUAGES[lang].tag,
    }),
    [lang, setLang],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
