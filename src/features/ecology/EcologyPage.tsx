/**
 * Ecology (/ecology): every feature of the product as an entry with one live figure from the
 * server (how many machines are for rent, offerings in progress, the staking and referral rates,
 * exchange pairs, a live price), so the page tells what is there now rather than promising it.
 * A feature the operator switched off says "Not open yet" and shows no figure.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Feature } from '../../../protocol/codes.ts';
import type { GlobalConfig } from '../../../protocol/config.ts';
import { paths, type RouteName } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { globalConfig } from '../config/index.ts';
import { getExchangeQuote } from '../exchange/index.ts';
import { getOfferings } from '../ido/index.ts';
import { formatPrice, getInstrument } from '../markets/index.ts';
import { getMall } from '../mining/index.ts';
import { getSnapshots } from '../solvency/index.ts';

interface Entry {
  route: RouteName;
  feature: Feature | null;
  /** The entry's name where the screen's own title would say less (IDO's tab, "Place order"). */
  label?: string;
  /** The live figure, from the configuration (refreshed with it) or from one read of the server. */
  config?: (t: TFunction, config: GlobalConfig) => string;
  read?: (t: TFunction) => Promise<string>;
}

const ENTRIES: readonly Entry[] = [
  {
    route: 'miningMall',
    feature: 'mining',
    read: async (t) => {
      const mall = await getMall(1);
      return t('ecology.miningFigure', { count: mall.list.filter((m) => !m.soldOut).length });
    },
  },
  {
    route: 'idoInProgress',
    feature: 'ido',
    label: 'routes.ido',
    read: async (t) => t('ecology.idoFigure', { count: (await getOfferings('ongoing')).total }),
  },
  {
    route: 'stakingPublic',
    feature: 'staking',
    config: (t, config) => (config.maxApr ? t('staking.upTo', { apr: config.maxApr }) : t('ecology.soldOut')),
  },
  {
    route: 'flashExchange',
    feature: 'exchange',
    read: async (t) => t('ecology.exchangeFigure', { count: (await getExchangeQuote()).pairs.length }),
  },
  {
    route: 'placeOrder',
    feature: 'trading',
    label: 'features.trading',
    read: async () => {
      const btc = await getInstrument('BTCUSDT');
      return `BTCUSDT ${formatPrice(btc.quote.bid, btc.instrument.precision)}`;
    },
  },
  {
    route: 'share',
    feature: 'referral',
    label: 'features.referral',
    config: (t, config) =>
      config.referral ? t('ecology.referralFigure', config.referral) : t('app.notOpenYet'),
  },
  { route: 'marketPrices', feature: 'markets' },
  { route: 'recharge', feature: 'deposit' },
  { route: 'news', feature: 'news' },
  {
    route: 'solvency',
    feature: 'solvency',
    read: async (t) => {
      const latest = (await getSnapshots()).snapshots[0];
      return latest ? t('ecology.solvencyFigure', { count: latest.userCount }) : t('solvency.none');
    },
  },
  { route: 'contact', feature: null },
];

/** A figure read from the server once when the page opens. */
function LiveFigure({ read }: { read: () => Promise<string> }) {
  const load = useLoad(read, []);
  return (
    <span className="entry-figure small" dir="auto">
      {load.state === 'ready' ? load.data : '\u00a0'}
    </span>
  );
}

function Figure({ entry, config }: { entry: Entry; config: GlobalConfig }) {
  const { t } = useTranslation();
  if (entry.config) {
    return (
      <span className="entry-figure small" dir="auto">
        {entry.config(t, config)}
      </span>
    );
  }
  const read = entry.read;
  return read ? <LiveFigure read={() => read(t)} /> : null;
}

export function EcologyPage() {
  useSignals();
  const { t } = useTranslation();
  const config = globalConfig.value;
  return (
    <>
      <header className="page-header page-header-plain">
        <h1>{t('routes.ecology')}</h1>
      </header>
      <p className="muted">{t('ecology.intro')}</p>
      <ul className="entry-grid">
        {ENTRIES.map((entry) => {
          const open = entry.feature === null || config?.features[entry.feature] === true;
          return (
            <li key={entry.route}>
              <Link
                href={paths[entry.route].path}
                className="entry"
                data-feature={entry.feature ?? entry.route}
              >
                <span className="entry-title">{t(entry.label ?? `routes.${paths[entry.route].title}`)}</span>
                {!open ? (
                  <span className="badge">{t('app.notOpenYet')}</span>
                ) : config && (entry.config || entry.read) ? (
                  <Figure entry={entry} config={config} />
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
