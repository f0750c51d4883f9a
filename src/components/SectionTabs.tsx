import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths, type RouteName } from '../lib/paths.ts';

/**
 * The child tabs of a section (the IDO phases, the mining machine pages): links to sibling
 * routes, the current one marked for the eye and for assistive technology.
 */
export function SectionTabs({ tabs, label }: { tabs: readonly RouteName[]; label: string }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const current = useRef<HTMLAnchorElement>(null);
  // On a narrow phone the strip scrolls: the current tab is brought into view, not left off-screen.
  useEffect(() => {
    if (location) current.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [location]);
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((name) => {
        const active = location === paths[name].path;
        return (
          <Link
            key={name}
            ref={active ? current : undefined}
            href={paths[name].path}
            className={active ? 'tab active' : 'tab'}
            aria-current={active ? 'page' : undefined}
          >
            {t(`routes.${paths[name].title}`)}
          </Link>
        );
      })}
    </nav>
  );
}
