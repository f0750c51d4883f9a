/**
 * The console's banner: the last failure (the server's translated respMsg) or notice, until the
 * operator closes it or the next one replaces it. Any part of the console reports through
 * `useReport`; a session that ended needs no banner, the sign-in screen says so.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { isSessionEnded } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';

interface Banner {
  kind: 'error' | 'notice';
  text: string;
}

interface Problems {
  report(error: unknown): void;
  notice(text: string): void;
}

const ProblemsContext = createContext<Problems>({ report: () => {}, notice: () => {} });

export function useReport(): Problems {
  return useContext(ProblemsContext);
}

export function ProblemsProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [banner, setBanner] = useState<Banner | null>(null);
  const report = useCallback((error: unknown) => {
    if (isSessionEnded(error)) return;
    const text = error instanceof Error && error.message ? error.message : String(error);
    setBanner({ kind: 'error', text });
  }, []);
  const notice = useCallback((text: string) => setBanner({ kind: 'notice', text }), []);
  const value = useMemo(() => ({ report, notice }), [report, notice]);
  return (
    <ProblemsContext.Provider value={value}>
      {banner && (
        <div
          className={`ops-banner ops-banner-${banner.kind}`}
          role={banner.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="ops-banner-text">{banner.text}</span>
          <button
            type="button"
            className="ops-link"
            onClick={() => setBanner(null)}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
      )}
      {children}
    </ProblemsContext.Provider>
  );
}
