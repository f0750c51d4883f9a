/**
 * The home page's ticker strip: the popular instruments in a row that scrolls sideways, each
 * with its live last price and 24-hour change, opening the instrument's chart.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MarketRow } from '../../../protocol/markets.ts';
import { paths } from '../../app/paths.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { globalConfig } from '../config/config-model.ts';
import { getMarkets } from './api.ts';
import { ChangePercent, LivePrice } from './LivePrice.tsx';
import { instrumentPath } from './paths.ts';
import { useLiveRows } from './use-live-rows.ts';

/** Shown once the configuration says markets are on, so the home page never toasts about them. */
export function TickerStrip() {
  useSignals();
  return globalConfig.value?.features.markets === true ? <Ticker /> : null;
}

function Ticker() {
  const { t } = useTranslation();
  const load = useLoad(() => getMarkets('popular'), []);
  return (
    <section className="ticker" aria-labelledby="ticker-title">
      <div className="ticker-head">
        <h2 id="ticker-title">{t('markets.popularMarkets')}</h2>
        <Link href={paths.marketPrices.path} className="link-button small">
          {t('markets.allMarkets')}
        </Link>
      </div>
      <LoadState load={load} empty={(rows) => rows.length === 0}>
        {(rows) => <TickerItems initial={rows} />}
      </LoadState>
    </section>
  );
}

function TickerItems({ initial }: { initial: MarketRow[] }) {
  const { rows } = useLiveRows('popular', initial);
  return (
    <ul className="ticker-list">
      {rows.map((row) => (
        <li key={row.symbol} data-symbol={row.symbol}>
          <Link href={instrumentPath(row.symbol)} className="ticker-item">
            <span className="ticker-name">{row.name}</span>
            <LivePrice value={row.last} precision={row.precision} className="ticker-price" />
            <ChangePercent value={row.changePercent24h} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
