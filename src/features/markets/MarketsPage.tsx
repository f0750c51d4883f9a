/**
 * The market screens (/marketPrices, /exMarketPrices, /SpotGoods): category tabs and a live list
 * of instruments with last price, 24-hour change and a sparkline; a row opens the instrument.
 * The category lives in the query (`?category=forex`), so back and reload keep it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { MARKET_CATEGORIES, type MarketCategory, type MarketRow } from '../../../protocol/markets.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { NotOpenYet } from '../../components/NotOpenYet.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { globalConfig } from '../config/index.ts';
import { answeredMarkets, getMarkets } from './api.ts';
import { ChangePercent, LivePrice, Sparkline } from './LivePrice.tsx';
import { categoryOf, instrumentPath } from './paths.ts';
import { useLiveRows } from './use-live-rows.ts';

/** False only when the configuration says markets are switched off. */
export function useMarketsOpen(): boolean {
  useSignals();
  return globalConfig.value?.features.markets !== false;
}

export function MarketsPage({
  title,
  defaultCategory = 'popular',
}: {
  title: string;
  defaultCategory?: MarketCategory;
}) {
  const { t } = useTranslation();
  const open = useMarketsOpen();
  return (
    <>
      <PageHeader title={t(`routes.${title}`)} />
      {open ? <MarketBrowser defaultCategory={defaultCategory} /> : <NotOpenYet />}
    </>
  );
}

function MarketBrowser({ defaultCategory }: { defaultCategory: MarketCategory }) {
  const { t } = useTranslation();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const category = categoryOf(search, defaultCategory);
  const load = useLoad(
    () => getMarkets(category),
    [category],
    () => answeredMarkets(category),
  );
  const activeTab = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the category changes
  useEffect(() => {
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [category]);
  return (
    <>
      <div className="tabs market-tabs" role="tablist" aria-label={t('markets.categoryTabs')}>
        {MARKET_CATEGORIES.map((c) => (
          <button
            key={c}
            ref={c === category ? activeTab : undefined}
            type="button"
            role="tab"
            aria-selected={c === category}
            className={`tab ${c === category ? 'active' : ''}`}
            data-category={c}
            onClick={() => navigate(`${location}?category=${c}`, { replace: true })}
          >
            {t(`markets.categories.${c}`)}
          </button>
        ))}
      </div>
      <LoadState load={load} empty={(rows) => rows.length === 0}>
        {(rows) => <MarketTable key={category} category={category} initial={rows} />}
      </LoadState>
    </>
  );
}

function MarketTable({ category, initial }: { category: MarketCategory; initial: MarketRow[] }) {
  const { t } = useTranslation();
  const { rows } = useLiveRows(category, initial);
  return (
    <section className="card market-card" role="tabpanel">
      <div className="market-head muted small" aria-hidden="true">
        <span>{t('markets.name')}</span>
        <span className="market-head-price">{t('markets.lastPrice')}</span>
        <span className="market-head-change">{t('markets.change24h')}</span>
      </div>
      <ul className="market-list">
        {rows.map((row) => (
          <MarketListRow key={row.symbol} row={row} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One row; a tick replaces only the rows it moves (use-live-rows.ts), so the others are not
 * rendered again.
 */
const MarketListRow = memo(function MarketListRow({ row }: { row: MarketRow }) {
  const { t } = useTranslation();
  return (
    <li data-symbol={row.symbol}>
      <Link href={instrumentPath(row.symbol)} className={`market-row ${row.open ? '' : 'market-row-closed'}`}>
        <span className="market-name">
          <span className="market-title">{row.name}</span>
          <span className="market-symbol muted small">
            {row.symbol}
            {row.open ? null : <span className="market-closed">{t('markets.closed')}</span>}
          </span>
        </span>
        <Sparkline row={row} />
        <LivePrice value={row.last} precision={row.precision} className="market-price" />
        <ChangePercent value={row.changePercent24h} pill />
      </Link>
    </li>
  );
});
