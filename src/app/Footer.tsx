import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '../lib/paths.ts';
import { FooterIcon, type FooterIconName } from './FooterIcons.tsx';

interface Tab {
  name: FooterIconName;
  href: string;
  /** The tab is active when the current path starts with this. */
  match: string;
}

const TABS: readonly Tab[] = [
  { name: 'home', href: paths.home.path, match: '/home' },
  { name: 'staking', href: paths.staking.path, match: '/Staking' },
  { name: 'ido', href: paths.idoAboutStart.path, match: '/ido/' },
  { name: 'ecology', href: paths.ecology.path, match: '/ecology' },
  { name: 'my', href: paths.my.path, match: '/my' },
];

export function Footer() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav className="footer" aria-label={t('nav.main')}>
      {TABS.map((tab) => {
        const active = location.startsWith(tab.match);
        return (
          <Link
            key={tab.name}
            href={tab.href}
            className={active ? 'footer-tab active' : 'footer-tab'}
            aria-current={active ? 'page' : undefined}
          >
            <FooterIcon name={tab.name} active={active} />
            <span>{t(`footer.${tab.name}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
