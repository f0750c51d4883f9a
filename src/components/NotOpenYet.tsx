import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../lib/paths.ts';

/** What a screen whose feature has not arrived yet shows: the truth, and a way back. */
export function NotOpenYet() {
  const { t } = useTranslation();
  return (
    <section className="card not-open" aria-live="polite">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v12l8 5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2>{t('messages.not_open_yet')}</h2>
      <p>{t('page.notOpenYetBody')}</p>
      <Link href={paths.home.path} className="button">
        {t('page.backHome')}
      </Link>
    </section>
  );
}
