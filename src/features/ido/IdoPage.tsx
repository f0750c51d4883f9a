import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths, type RouteName } from '../../app/paths.ts';
import { NotOpenYet } from '../../components/NotOpenYet.tsx';

const TABS: readonly RouteName[] = ['idoAboutStart', 'idoInProgress', 'idoPosition', 'idoOver'];

/** The IDO section: its four child tabs; the offerings themselves arrive with the IDO feature. */
export function IdoPage() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <>
      <header className="page-header page-header-plain">
        <h1>{t('routes.ido')}</h1>
      </header>
      <nav className="tabs" aria-label={t('nav.idoTabs')}>
        {TABS.map((name) => {
          const active = location === paths[name].path;
          return (
            <Link
              key={name}
              href={paths[name].path}
              className={active ? 'tab active' : 'tab'}
              aria-current={active ? 'page' : undefined}
            >
              {t(`routes.${paths[name].title}`)}
            </Link>
          );
        })}
      </nav>
      <NotOpenYet />
    </>
  );
}
