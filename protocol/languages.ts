/** The nine languages of the product (docs/spec/product.md section 1). */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'ar', 'fr', 'it', 'ja', 'ko', 'th'] as const;

export type Language = (typeof LANGUAGES)[number];

/** Used when nothing is stored yet (docs/spec/product.md section 9). */
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Each language's own name, shown in the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
  ar: 'العربية',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  th: 'ไทย',
};
