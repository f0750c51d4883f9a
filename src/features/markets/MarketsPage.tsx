/**
 * The market screens (/marketPrices, /exMarketPrices, /SpotGoods): category tabs and a live list
 * of instruments with last price, 24-hour change and a sparkline; a row opens the instrument.
 * The category lives in the query (`?category=forex`), so back and reload keep it. A search box
 * finds a market by symbol or name across every category; a star keeps it among the favourites,
 * whose tab stands first while there are any (favourites.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  MARKET_CATEGORIES,
  type MarketCategory,
  type MarketListScope,
  type MarketRow,
} from '../../../protocol/markets.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { NotOpenYet } from '../../components/NotOpenYet.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useLoad } from '../../lib/use-load.ts';
import { globalConfig } from '../config/index.ts';
import { answeredMarkets, getMarkets } from './api.ts';
import { FavouriteStar } from './FavouriteStar.tsx';
import { favourites } from './favourites.ts';
import { ChangePercent, LivePrice, Sparkline } from './LivePrice.tsx';
import { favouriteRows, matchingRows } from './market-search.ts';
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

type Tab = MarketCategory | 'favourites';

function MarketBrowser({ defaultCategory }: { defaultCategory: MarketCategory }) {
  useSignals();
  const { t } = useTranslation();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const starred = favourites.value;
  const asked = new URLSearchParams(search).get('category');
  // The Favourites tab stands first while there are any; a link to it with none opens the default.
  const tab: Tab =
    asked === 'favourites' && starred.length > 0 ? 'favourites' : categoryOf(search, defaultCategory);
  const tabs: readonly Tab[] = starred.length > 0 ? ['favourites', ...MARKET_CATEGORIES] : MARKET_CATEGORIES;
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  // Search and favourites span every category: one list of all the instruments.
  const scope: MarketListScope = searching || tab === 'favourites' ? 'all' : tab;
  const load = useLoad(
    () => getMarkets(scope),
    [scope],
    () => answeredMarkets(scope),
  );
  const activeTab = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the tab changes
  useEffect(() => {
    activeTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const pick = (rows: MarketRow[]) =>
    searching ? matchingRows(rows, query) : tab === 'favourites' ? favouriteRows(rows, starred) : rows;
  return (
    <>
      <MarketSearch query={query} onQuery={setQuery} />
      {searching ? null : (
        <div className="tabs market-tabs" role="tablist" aria-label={t('markets.categoryTabs')}>
          {tabs.map((c) => (
            <button
              key={c}
              ref={c === tab ? activeTab : undefined}
              type="button"
              role="tab"
              aria-selected={c === tab}
              className={`tab ${c === tab ? 'active' : ''}`}
              data-category={c}
              onClick={() => navigate(`${location}?category=${c}`, { replace: true })}
            >
              {t(`markets.categories.${c}`)}
            </button>
          ))}
        </div>
      )}
      <LoadState load={load} empty={(rows) => rows.length === 0}>
        {(rows) => (
          <MarketTable
            key={scope}
            scope={scope}
            initial={rows}
            pick={pick}
            onClear={() => setQuery('')}
            query={query}
          />
        )}
      </LoadState>
    </>
  );
}

/** Search by symbol or name across every category (the field's own × clears it). */
function MarketSearch({ query, onQuery }: { query: string; onQuery(query: string): void }) {
  const { t } = useTranslation();
  return (
    <search className="market-search">
      <input
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        placeholder={t('markets.search')}
        aria-label={t('markets.search')}
        autoComplete="off"
        enterKeyHint="search"
      />
    </search>
  );
}

function MarketTable({
  scope,
  initial,
  pick,
  query,
  onClear,
}: {
  scope: MarketListScope;
  initial: MarketRow[];
  pick(rows: MarketRow[]): MarketRow[];
  query: string;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const { rows } = useLiveRows(scope, initial);
  const shown = pick(rows);
  if (shown.length === 0) {
    return (
      <section className="card empty">
        <p className="muted">{t('markets.noMatch', { query: query.trim() })}</p>
        <button type="button" className="button button-secondary block" onClick={onClear}>
          {t('markets.searchClear')}
        </button>
      </section>
    );
  }
  return (
    <section className="card market-card" role="tabpanel">
      <div className="market-head muted small" aria-hidden="true">
        <span>{t('markets.name')}</span>
        <span className="market-head-price">{t('markets.lastPrice')}</span>
        <span className="market-head-change">{t('markets.change24h')}</span>
      </div>
      <ul className="market-list">
        {shown.map((row) => (
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
      <FavouriteStar symbol={row.symbol} name={row.name} />
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
