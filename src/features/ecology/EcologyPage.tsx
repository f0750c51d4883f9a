import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Feature } from '../../../protocol/codes.ts';
import { paths, type RouteName } from '../../app/paths.ts';
import { globalConfig } from '../config/config-model.ts';

const ENTRIES: readonly { route: RouteName; feature: Feature | null }[] = [
  { route: 'miningMall', feature: 'mining' },
  { route: 'idoAboutStart', feature: 'ido' },
  { route: 'stakingPublic', feature: 'staking' },
  { route: 'flashExchange', feature: 'exchange' },
  { route: 'marketPrices', feature: 'markets' },
  { route: 'recharge', feature: 'deposit' },
  { route: 'news', feature: 'news' },
  { route: 'contact', feature: null },
];

export function EcologyPage() {
  useSignals();
  const { t } = useTranslation();
  const features = globalConfig.value?.features;
  return (
    <>
      <header className="page-header page-header-plain">
        <h1>{t('routes.ecology')}</h1>
      </header>
      <p className="muted">{t('ecology.intro')}</p>
      <ul className="entry-grid">
        {ENTRIES.map(({ route, feature }) => {
          const open = feature === null || features?.[feature] === true;
          return (
            <li key={route}>
              <Link href={paths[route].path} className="entry">
                <span className="entry-title">{t(`routes.${paths[route].title}`)}</span>
                {open ? null : <span className="badge">{t('app.notOpenYet')}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
