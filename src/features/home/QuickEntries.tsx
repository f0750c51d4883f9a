/**
 * Home's quick entries: one tile per feature, straight to its screen. A feature the operator
 * switched off keeps its tile, marked "Not open yet", so the home page never hides what is closed.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Feature } from '../../../protocol/codes.ts';
import { currentUser } from '../../app/store.ts';
import { paths, type RouteName } from '../../lib/paths.ts';
import { useTransitionSignal } from '../../lib/use-transition-signal.ts';
import { globalConfig } from '../config/index.ts';

/** Stroke icons on a 24-unit grid, one path each. */
const ICONS: Record<string, string> = {
  deposit: 'M12 4v12m-5-5 5 5 5-5M5 20h14',
  withdraw: 'M12 20V8m-5 5 5-5 5 5M5 4h14',
  exchange: 'M4 8h13l-3-3m6 11H7l3 3',
  staking: 'M12 3 4 7v6c0 4 3.5 7 8 8 4.5-1 8-4 8-8V7z',
  mining: 'M14 4l6 6-3 3-6-6zM11 7 3 15l3 3 8-8M6 18l-2 2',
  ido: 'M12 3c3 2 5 6 5 10l-5 3-5-3c0-4 2-8 5-10zM9 18l-2 3m8-3 2 3',
  trading: 'M4 18 9 12l4 3 7-9M15 6h5v5',
  markets: 'M5 20V10m5 10V4m5 16v-7m5 7v-11',
  referral: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5m2-12v6m-3-3h6',
  news: 'M5 5h11v14H7a2 2 0 0 1-2-2zM16 9h3v8a2 2 0 0 1-2 2M8 9h5m-5 4h5',
  assets: 'M4 7h16v12H4zM4 7l2-3h12l2 3m-4 6h2',
};

const TILES: readonly { feature: Feature; route: RouteName }[] = [
  { feature: 'deposit', route: 'recharge' },
  { feature: 'withdraw', route: 'withdraw' },
  { feature: 'exchange', route: 'flashExchange' },
  { feature: 'staking', route: 'stakingPublic' },
  { feature: 'mining', route: 'miningMall' },
  { feature: 'ido', route: 'idoInProgress' },
  { feature: 'trading', route: 'placeOrder' },
  { feature: 'markets', route: 'marketPrices' },
  { feature: 'referral', route: 'share' },
  { feature: 'news', route: 'news' },
  { feature: 'assets', route: 'assets' },
];

export function QuickEntries() {
  useSignals();
  const { t } = useTranslation();
  // The configuration's arrival renders in slices (src/lib/use-transition-signal.ts).
  const features = useTransitionSignal(globalConfig)?.features;
  const signedIn = currentUser() !== null;
  return (
    <nav className="card quick-entries" aria-label={t('app.features')}>
      <ul>
        {TILES.map(({ feature, route }) => {
          const open = features?.[feature] !== false;
          const href = feature === 'staking' && signedIn ? paths.staking.path : paths[route].path;
          return (
            <li key={feature}>
              <Link href={href} className="quick-entry" data-feature={feature}>
                <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                  <path d={ICONS[feature]} />
                </svg>
                <span>{t(`features.${feature}`)}</span>
                {open ? null : <span className="badge">{t('app.notOpenYet')}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
