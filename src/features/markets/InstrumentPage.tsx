/**
 * One instrument (/instrument/:symbol): the live quote (last, change, bid, ask, 24-hour range),
 * the "simulated prices" notice while the simulated feed is on, and the chart with its type
 * (kept in the store) and the thirteen intervals.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import {
  CHART_TYPES,
  INTERVALS,
  type InstrumentDetails,
  type Interval,
  type MarketRow,
  type Quote,
} from '../../../protocol/markets.ts';
import { map, setChartType } from '../../app/store.ts';
import { LoadState } from '../../components/LoadState.tsx';
import { MarketState } from '../../components/MarketState.tsx';
import { NotOpenYet } from '../../components/NotOpenYet.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { compareDecimal } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useLoad } from '../../lib/use-load.ts';
import { InstrumentAlerts } from '../alerts/index.ts';
import { getInstrument, refreshInstrument, refreshMarkets } from './api.ts';
import { FavouriteStar } from './FavouriteStar.tsx';
import { IndicatorBar } from './IndicatorBar.tsx';
import { readIndicators } from './indicator-settings.ts';
import { ChangePercent, LivePrice } from './LivePrice.tsx';
import { intervalLabel } from './labels.ts';
import { type LiveMode, useInterval, useTicks } from './live.ts';
import { useMarketsOpen } from './MarketsPage.tsx';
import { direction, formatChange, formatPrice } from './model.ts';
import { PriceChart } from './PriceChart.tsx';
import { changeAgainst } from './quote-math.ts';

/** While the stream is down the quote is asked for this often. */
const QUOTE_POLL_MS = 2_000;
/** The 24-hour figures (change reference, high, low) are refreshed this often. */
const ROW_REFRESH_MS = 60_000;
const DEFAULT_INTERVAL: Interval = '15m';

interface Loaded {
  details: InstrumentDetails;
  /** The instrument's row of its category's list, for the 24-hour figures; null if unavailable. */
  row: MarketRow | null;
}

async function loadInstrument(symbol: string): Promise<Loaded> {
  const details = await getInstrument(symbol);
  const row = await refreshMarkets(details.instrument.category)
    .then((rows) => rows.find((r) => r.symbol === details.instrument.symbol) ?? null)
    .catch(() => null);
  return { details, row };
}

/** One price among the quote's facts, at the instrument's precision (the placeholder while there is none). */
function PriceFact({
  label,
  value,
  precision,
  className,
}: {
  label: string;
  value: string | null;
  precision: number;
  className?: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd dir="ltr" className={className}>
        {formatPrice(value, precision)}
      </dd>
    </div>
  );
}

export function InstrumentPage() {
  const { t } = useTranslation();
  const { symbol = '' } = useParams<{ symbol: string }>();
  const open = useMarketsOpen();
  const load = useLoad(() => loadInstrument(symbol), [symbol]);
  const title = load.state === 'ready' ? load.data.details.instrument.name : t('routes.instrument');
  return (
    <>
      <PageHeader
        title={title}
        end={load.state === 'ready' ? <FavouriteStar symbol={symbol} name={title} /> : null}
      />
      {open ? (
        <LoadState load={load}>{(data) => <InstrumentView key={symbol} initial={data} />}</LoadState>
      ) : (
        <NotOpenYet />
      )}
    </>
  );
}

function InstrumentView({ initial }: { initial: Loaded }) {
  useSignals();
  const { t } = useTranslation();
  const { instrument, simulated } = initial.details;
  const { symbol, precision } = instrument;
  const [quote, setQuote] = useState<Quote>(initial.details.quote);
  const [row, setRow] = useState<MarketRow | null>(initial.row);
  const [interval, setChartInterval] = useState<Interval>(DEFAULT_INTERVAL);
  const chartType = map.chartType.value;

  const onQuote = useCallback((q: Quote) => {
    setQuote((current) => (q.symbol === current.symbol && q.at >= current.at ? q : current));
  }, []);
  const mode = useTicks([symbol], onQuote);
  useInterval(
    () => {
      refreshInstrument(symbol).then(
        (d) => onQuote(d.quote),
        () => undefined,
      );
    },
    mode === 'stream' ? null : QUOTE_POLL_MS,
  );
  useInterval(() => {
    refreshMarkets(instrument.category).then(
      (rows) => setRow((current) => rows.find((r) => r.symbol === symbol) ?? current),
      () => undefined,
    );
  }, ROW_REFRESH_MS);

  const moved = row ? changeAgainst(row, quote.last) : null;
  const high = row ? (compareDecimal(quote.last, row.high24h) === 1 ? quote.last : row.high24h) : null;
  const low = row ? (compareDecimal(quote.last, row.low24h) === -1 ? quote.last : row.low24h) : null;

  return (
    <>
      <section className="card quote-card" data-symbol={symbol}>
        <div className="quote-head">
          <div className="quote-title">
            <span className="quote-symbol" dir="ltr">
              {symbol}
            </span>
            {quote.open ? null : (
              <span className="market-closed">
                {t(quote.delayedSince === undefined ? 'markets.closed' : 'markets.delayedShort')}
              </span>
            )}
            <LiveBadge mode={mode} />
          </div>
          <LivePrice
            value={quote.last}
            precision={precision}
            className={`quote-last change-${direction(moved?.change)}`}
          />
          {moved ? (
            <div className="quote-change">
              <span className={`change change-${direction(moved.change)}`} dir="ltr">
                {formatChange(moved.change, precision)}
              </span>
              <ChangePercent value={moved.percent} />
              <span className="muted small">{t('markets.change24h')}</span>
            </div>
          ) : null}
        </div>
        <dl className="quote-facts">
          <PriceFact label={t('markets.bid')} value={quote.bid} precision={precision} className="quote-bid" />
          <PriceFact label={t('markets.ask')} value={quote.ask} precision={precision} className="quote-ask" />
          <PriceFact label={t('markets.high24h')} value={high} precision={precision} />
          <PriceFact label={t('markets.low24h')} value={low} precision={precision} />
        </dl>
        <MarketState quote={quote} closedText={t('markets.closedNow')} />
        {!initial.details.trading ? null : quote.open ? (
          <Link
            href={`${paths.placeOrder.path}?symbol=${symbol}`}
            className="button button-primary block trade-button"
          >
            {t('trading.trade')}
          </Link>
        ) : (
          // Closed by its hours or halted: nothing can be traded until it opens (the state above says when).
          <button type="button" className="button button-primary block trade-button" disabled>
            {t('trading.trade')}
          </button>
        )}
      </section>
      {simulated ? (
        <p className="card simulated-notice" role="note">
          {t('markets.simulated')}
        </p>
      ) : null}
      <section className="card chart-card">
        <Segmented
          legend={t('markets.chartType')}
          options={CHART_TYPES}
          value={chartType}
          label={(type) => t(`markets.chartTypes.${type}`)}
          dataName="chart-type"
          onSelect={setChartType}
        />
        <fieldset className="interval-row">
          <legend className="visually-hidden">{t('markets.interval')}</legend>
          {INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              aria-pressed={i === interval}
              className={`chip interval-chip ${i === interval ? 'active' : ''}`}
              data-interval={i}
              onClick={() => setChartInterval(i)}
            >
              {intervalLabel(t, i)}
            </button>
          ))}
        </fieldset>
        <IndicatorBar />
        <PriceChart
          indicators={readIndicators()}
          symbol={symbol}
          interval={interval}
          type={chartType}
          precision={precision}
          quote={quote}
        />
      </section>
      <InstrumentAlerts symbol={symbol} last={quote.last} precision={precision} />
    </>
  );
}

/** A dot that says whether prices arrive live or by polling. */
function LiveBadge({ mode }: { mode: LiveMode }) {
  const { t } = useTranslation();
  if (mode === 'connecting') return null;
  return (
    <span className={`live-badge live-${mode}`} data-mode={mode}>
      {mode === 'stream' ? t('markets.live') : t('markets.refreshing')}
    </span>
  );
}
