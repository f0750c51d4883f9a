import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Load } from '../lib/use-load.ts';

/**
 * Skeleton while loading, the error with a retry on failure, "No data" (and the next step, if
 * given) when empty, else the
 * content. A `placeholder` of the content's own size replaces the skeleton where the content is
 * shorter than it, so nothing below jumps when the answer arrives.
 */
export function LoadState<T>({
  load,
  empty,
  emptyNext,
  placeholder,
  children,
}: {
  load: Load<T> & { reload(): void };
  empty?: (data: T) => boolean;
  /** What to do next when the list is empty (deposit, browse machines): never a dead end. */
  emptyNext?: ReactNode;
  placeholder?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (load.state === 'loading') {
    if (placeholder) return <>{placeholder}</>;
    return (
      <section className="card" aria-busy="true" aria-label={t('app.loading')}>
        <div className="skeleton skeleton-title" />
        <div className="skeleton" />
        <div className="skeleton" />
      </section>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className="card" role="alert">
        <p>{load.error}</p>
        <button type="button" className="button" onClick={load.reload}>
          {t('app.retry')}
        </button>
      </section>
    );
  }
  if (empty?.(load.data)) {
    return (
      <section className="card empty">
        <p className="muted">{t('messages.no_data')}</p>
        {emptyNext}
      </section>
    );
  }
  return <>{children(load.data)}</>;
}
