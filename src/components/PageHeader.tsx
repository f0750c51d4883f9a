import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths.ts';

/**
 * A screen's title bar with a back button (history back, or home on a first visit); `end` is an
 * action of the screen's own at the other end (the instrument's favourite star).
 */
export function PageHeader({ title, end }: { title: string; end?: ReactNode }) {
  const { t } = useTranslation();
  const back = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign(paths.home.path);
  };
  return (
    <header className="page-header">
      <button type="button" className="icon-button back-button" onClick={back} aria-label={t('nav.back')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <h1>{title}</h1>
      <span className="page-header-end">{end}</span>
    </header>
  );
}
