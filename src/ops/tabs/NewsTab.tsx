/**
 * Announcements: a title and a Markdown body per product language, a preview of each as text, then
 * `news publish` (stored, then pushed to every subscriber in their language).
 */
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language, RTL_LANGUAGES } from '../../../protocol/languages.ts';
import { CommandRunner } from '../components/CommandRunner.tsx';
import { Section } from '../components/Layout.tsx';
import { useI18n } from '../i18n/i18n.tsx';
import { type Drafts, filledLanguages, halfFilled, publishArgv } from './news-drafts.ts';

export function NewsTab() {
  const { t } = useI18n();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [lang, setLang] = useState<Language>('en');
  const [pin, setPin] = useState(false);
  const draft = drafts[lang] ?? { title: '', body: '' };
  const edit = (change: Partial<typeof draft>) => setDrafts({ ...drafts, [lang]: { ...draft, ...change } });
  const filled = filledLanguages(drafts);
  const half = halfFilled(drafts);
  const dir = RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';

  return (
    <>
      <Section title={t('news.compose')} name="news-compose">
        <div className="ops-langs" role="tablist">
          {LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={l === lang}
              data-lang={l}
              className={`ops-lang ${l === lang ? 'ops-lang-open' : ''} ${filled.includes(l) ? 'ops-lang-filled' : ''}`}
              onClick={() => setLang(l)}
            >
              {LANGUAGE_NAMES[l]}
            </button>
          ))}
        </div>
        <div className="ops-field">
          <label htmlFor="news-title">{t('news.title')}</label>
          <input
            id="news-title"
            name="title"
            lang={lang}
            dir={dir}
            maxLength={200}
            value={draft.title}
            onChange={(event) => edit({ title: event.target.value })}
          />
        </div>
        <div className="ops-field">
          <label htmlFor="news-body">{t('news.body')}</label>
          <textarea
            id="news-body"
            name="body"
            lang={lang}
            dir={dir}
            rows={6}
            value={draft.body}
            onChange={(event) => edit({ body: event.target.value })}
          />
        </div>
        <label className="ops-check">
          <input
            type="checkbox"
            name="pin"
            checked={pin}
            onChange={(event) => setPin(event.target.checked)}
          />
          {t('news.pin')}
        </label>
        {half.length > 0 && (
          <p className="ops-error">
            {t('news.halfFilled', { langs: half.map((l) => LANGUAGE_NAMES[l]).join(', ') })}
          </p>
        )}
      </Section>
      <Section title={t('news.preview')} name="news-preview">
        {filled.length === 0 && <p className="ops-note">{t('news.nothing')}</p>}
        {filled.map((l) => (
          <article key={l} className="ops-news-card" lang={l} dir={RTL_LANGUAGES.has(l) ? 'rtl' : 'ltr'}>
            <small>{LANGUAGE_NAMES[l]}</small>
            <h3>{drafts[l]?.title}</h3>
            <p className="ops-news-body">{drafts[l]?.body}</p>
          </article>
        ))}
        {filled.length > 0 && filled.length < LANGUAGES.length && (
          <p className="ops-note">{t('news.missing', { n: LANGUAGES.length - filled.length })}</p>
        )}
        <CommandRunner argv={publishArgv(drafts, pin)} />
      </Section>
    </>
  );
}
