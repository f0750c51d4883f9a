import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../protocol/languages.ts';

export function LanguagePicker({ onChange }: { onChange(lang: Language): void }) {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-picker">
      <span className="visually-hidden">{t('app.language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
