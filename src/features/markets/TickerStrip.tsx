/**
 * The home page's ticker strip: the popular instruments in a row that scrolls sideways, each
 * with its live last price and 24-hour change, opening the instrument's chart.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MarketRow } from '../../../protocol/markets.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { paths } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useTransitionSignal } from '../../lib/use-transition-signal.ts';
import { firstConfigLoading, globalConfig } from '../config/index.ts';
import { answeredMarkets, getMarkets } from './api.ts';
import { ChangePercent, LivePrice } from './LivePrice.tsx';
import { instrumentPath, TICKER_CATEGORY } from './paths.ts';
import { useLiveRows } from './use-live-rows.ts';

/**
 * Shown once the configuration says markets are on, so the home page never toasts about them.
 * While the first configuration loads, the strip's place is held (markets are usually on), so the
 * cards below do not jump when it arrives.
 */
export function TickerStrip() {
  // The first configuration mounts the strip: rendered in slices (src/lib/use-transition-signal.ts).
  const config = useTransitionSignal(globalConfig);
  const loading = useTransitionSignal(firstConfigLoading);
  if (!config) return loading ? <TickerFrame items={<TickerPlaceholder />} /> : null;
  return config.features.markets ? <Ticker /> : null;
}

function Ticker() {
  const load = useLoad(
    () => getMarkets(TICKER_CATEGORY),
    [],
    () => answeredMarkets(TICKER_CATEGORY),
  );
  return (
    <TickerFrame
      items={
        <LoadState load={load} empty={(rows) => rows.length === 0} placeholder={<TickerPlaceholder />}>
          {(rows) => <TickerItems initial={rows} />}
        </LoadState>
      }
    />
  );
}

function TickerFrame({ items }: { items: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="ticker" aria-labelledby="ticker-title">
      <div className="ticker-head">
        <h2 id="ticker-title">{t('markets.popularMarkets')}</h2>
        <Link href={paths.marketPrices.path} className="link-button small">
          {t('markets.allMarkets')}
        </Link>
      </div>
      {items}
    </section>
  );
}

/** Three empty tiles of a loaded tile's height (the generic skeleton is taller: a layout shift). */
function TickerPlaceholder() {
  const { t } = useTranslation();
  return (
    <ul className="ticker-list placeholder" aria-busy="true" aria-label={t('app.loading')}>
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <span className="ticker-item">
            <span className="ticker-name">&nbsp;</span>
            <span className="ticker-price">&nbsp;</span>
            <span className="change">&nbsp;</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function TickerItems({ initial }: { initial: MarketRow[] }) {
  const { rows } = useLiveRows(TICKER_CATEGORY, initial);
  return (
    <ul className="ticker-list">
      {rows.map((row) => (
        <TickerItem key={row.symbol} row={row} />
      ))}
    </ul>
  );
}

/** One tile; a tick replaces only the rows it moves, so the others are not rendered again. */
const TickerItem = memo(function TickerItem({ row }: { row: MarketRow }) {
  return (
    <li data-symbol={row.symbol}>
      <Link href={instrumentPath(row.symbol)} className="ticker-item">
        <span className="ticker-name">{row.name}</span>
        <LivePrice value={row.last} precision={row.precision} className="ticker-price" />
        <ChangePercent value={row.changePercent24h} />
      </Link>
    </li>
  );
});
