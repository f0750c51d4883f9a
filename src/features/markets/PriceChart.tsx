/**
 * The instrument's chart: candles of the chosen interval from 10069, drawn by the uPlot engine
 * (loaded on first use), with the newest candle moved by live quotes, older candles loaded when
 * the user pans back to the start, and a readout of the candle under the crosshair.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Candle, ChartType, Interval, Quote } from '../../../protocol/markets.ts';
import { PLACEHOLDER, subtract } from '../../lib/format.ts';
import { getCandles, refreshCandles } from './api.ts';
import { applyTick, averageLine, prependCandles, readoutTime } from './candles.ts';
import { chartHeight, reservedChartHeight } from './chart-size.ts';
import type { ChartHandle, ChartTheme } from './chart-types.ts';
import { type IndicatorSettings, OVERLAYS, PANES } from './indicator-settings.ts';
import { direction, formatPrice } from './model.ts';

type Engine = typeof import('./chart-engine.ts');

/** One page of candles. */
const PAGE = 300;
/** Coarse intervals ask the server again at most this often when a tick passes their bucket. */
const REFETCH_MS = 30_000;
/** The oldest time 10069 accepts as `end` (10 digits of milliseconds). */
const EARLIEST_END = 1_000_000_000;

let enginePromise: Promise<Engine> | null = null;
function loadEngine(): Promise<Engine> {
  enginePromise ??= import('./chart-engine.ts').catch((error: unknown) => {
    enginePromise = null;
    throw error;
  });
  return enginePromise;
}

function readTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const rootPx = Number.parseFloat(style.fontSize) || 16;
  return {
    up: v('--up', '#2ebd85'),
    down: v('--down', '#f6465d'),
    text: v('--muted', '#9aa7bf'),
    grid: v('--chart-grid', '#1f2b44'),
    line: v('--chart-line', '#4d9cf8'),
    average: v('--accent', '#f5b942'),
    fontPx: Math.max(10, Math.round(rootPx * 0.27)),
    fontFamily: getComputedStyle(document.body).fontFamily || 'sans-serif',
  };
}

type Status = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: string };

export function PriceChart({
  symbol,
  interval,
  type,
  precision,
  quote,
  indicators,
}: {
  /** Which indicators to draw; the chart is made again when they change. */
  indicators: IndicatorSettings;
  symbol: string;
  interval: Interval;
  type: ChartType;
  precision: number;
  /** The newest quote (stream or poll); moves the last candle. */
  quote: Quote | null;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const candles = useRef<Candle[]>([]);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [, setVersion] = useState(0);
  const [cursor, setCursor] = useState<number | null>(null);
  const older = useRef<{ busy: boolean; done: boolean }>({ busy: false, done: false });
  const lastRefetch = useRef(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  // The settings by value: a new object with the same settings does not rebuild the chart.
  const indicatorKey = JSON.stringify(indicators);

  useEffect(() => {
    let alive = true;
    loadEngine().then(
      (e) => alive && setEngine(() => e),
      (error: Error) => alive && setStatus({ state: 'failed', error: error.message }),
    );
    return () => {
      alive = false;
    };
  }, []);

  // Candles for this symbol and interval (again on retry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the retry trigger
  useEffect(() => {
    let alive = true;
    setStatus({ state: 'loading' });
    setCursor(null);
    older.current = { busy: false, done: false };
    getCandles({ symbol, interval, limit: PAGE }).then(
      (list) => {
        if (!alive) return;
        candles.current = list;
        older.current.done = list.length === 0;
        setStatus({ state: 'ready' });
        bump();
      },
      (error: Error) => alive && setStatus({ state: 'failed', error: error.message }),
    );
    return () => {
      alive = false;
    };
  }, [symbol, interval, generation, bump]);

  const loadOlder = useCallback(() => {
    const first = candles.current[0];
    if (!first || older.current.busy || older.current.done) return;
    if (first.time - 1 < EARLIEST_END) {
      older.current.done = true;
      return;
    }
    older.current.busy = true;
    const forSymbol = symbol;
    const forInterval = interval;
    refreshCandles({ symbol, interval, end: first.time - 1, limit: PAGE })
      .then((page) => {
        if (forSymbol !== symbol || forInterval !== interval) return;
        const merged = prependCandles(page, candles.current);
        const count = merged.length - candles.current.length;
        // An empty page is the end; a short one is not (a page may stop at a closed market's gap).
        if (count === 0) older.current.done = true;
        if (count > 0) {
          candles.current = merged;
          chart.current?.setCandles(merged, { kind: 'prepend', count });
          setCursor(null);
          bump();
        }
      })
      .catch(() => undefined)
      .finally(() => {
        older.current.busy = false;
      });
  }, [symbol, interval, bump]);

  // Until the chart is drawn, its box keeps the chart's height (chart-size.ts): the hint and the
  // alerts below it would otherwise be pushed down when the engine's code and the candles arrive.
  const drawn = !!engine && status.state === 'ready';
  const panes = PANES.filter((name) => indicators[name].on).length;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || drawn) return;
    const remPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    el.style.minHeight = `${reservedChartHeight(el.clientWidth, panes, remPx)}px`;
  }, [drawn, panes]);

  // The chart itself: made again when the type, interval or precision changes.
  useEffect(() => {
    const el = box.current;
    if (!engine || status.state !== 'ready' || !el) return;
    const width = el.clientWidth;
    const handle = engine.createChart(el, candles.current, {
      type,
      interval,
      precision,
      theme: readTheme(),
      width,
      height: chartHeight(width),
      onCursor: setCursor,
      onNearStart: loadOlder,
      indicators: JSON.parse(indicatorKey) as IndicatorSettings,
    });
    chart.current = handle;
    // Drawn: the chart's own height from now on (its panes can be switched on and off).
    el.style.minHeight = '';
    let lastWidth = width;
    const observer = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (w > 0 && w !== lastWidth) {
        lastWidth = w;
        handle.setSize(w, chartHeight(w));
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      handle.destroy();
      chart.current = null;
    };
  }, [engine, status.state, type, interval, precision, loadOlder, indicatorKey]);

  // Live quotes move the newest candle, start a new one, or ask the server again.
  useEffect(() => {
    if (!quote || quote.symbol !== symbol || status.state !== 'ready') return;
    const result = applyTick(candles.current, quote, interval);
    if (result.kind === 'updated' || result.kind === 'appended') {
      candles.current = result.candles;
      chart.current?.setCandles(result.candles, { kind: result.kind === 'updated' ? 'update' : 'append' });
      bump();
    } else if (result.kind === 'refetch' && Date.now() - lastRefetch.current > REFETCH_MS) {
      lastRefetch.current = Date.now();
      const forInterval = interval;
      refreshCandles({ symbol, interval, limit: PAGE }).then(
        (fresh) => {
          if (forInterval !== interval || fresh.length === 0) return;
          const merged = prependCandles(candles.current, fresh);
          candles.current = merged;
          chart.current?.setCandles(merged, { kind: 'append' });
          bump();
        },
        () => undefined,
      );
    }
  }, [quote, symbol, interval, status.state, bump]);

  const list = candles.current;
  const shownIndex = cursor !== null && cursor < list.length ? cursor : list.length - 1;
  const shown = list[shownIndex];
  const average = type === 'time_share' && shown ? averageLine(list, interval)[shownIndex] : undefined;

  return (
    <div className="chart-area">
      <Readout
        candle={shown}
        interval={interval}
        precision={precision}
        average={average}
        sizer={quote?.symbol === symbol ? formatPrice(quote.last, precision) : undefined}
      />
      <div className="chart-frame">
        {/* Charts read left to right in every language. */}
        <div
          ref={box}
          className="chart-canvas"
          dir="ltr"
          role="img"
          aria-label={t('markets.chart')}
          data-candles={list.length}
          data-type={type}
          data-interval={interval}
          data-indicators={[...OVERLAYS, ...PANES].filter((n) => indicators[n].on).join(' ')}
        />
        {status.state === 'loading' || (status.state === 'ready' && !engine) ? (
          <div className="chart-overlay" aria-busy="true">
            <span className="visually-hidden">{t('app.loading')}</span>
            <div className="skeleton chart-skeleton" />
          </div>
        ) : null}
        {status.state === 'failed' ? (
          <div className="chart-overlay" role="alert">
            <p>{status.error}</p>
            <button type="button" className="button" onClick={() => setGeneration((g) => g + 1)}>
              {t('app.retry')}
            </button>
          </div>
        ) : null}
        {status.state === 'ready' && list.length === 0 ? (
          <div className="chart-overlay">
            <p className="muted">{t('messages.no_data')}</p>
          </div>
        ) : null}
      </div>
      <p className="muted small chart-hint">{t('markets.chartHint')}</p>
    </div>
  );
}

function Readout({
  candle,
  interval,
  precision,
  average,
  sizer,
}: {
  candle: Candle | undefined;
  interval: Interval;
  precision: number;
  average: number | undefined;
  /**
   * The last price as shown: each value keeps at least its width (`.readout dd::before`), so the
   * cells do not move when the candles arrive after the quote or as the crosshair moves.
   */
  sizer: string | undefined;
}) {
  const { t } = useTranslation();
  const move = candle ? direction(subtract(candle.close, candle.open)) : 'flat';
  const cell = (label: string, value: string | undefined, className = '') => (
    <div className={className}>
      <dt>{label}</dt>
      <dd dir="ltr" data-sizer={sizer}>
        {value === undefined ? PLACEHOLDER : formatPrice(value, precision)}
      </dd>
    </div>
  );
  return (
    <div className="chart-readout" aria-live="off">
      <span className="muted small chart-readout-time" dir="ltr">
        {candle ? readoutTime(candle.time, interval) : PLACEHOLDER}
      </span>
      <dl className={`readout change-${move}`}>
        {cell(t('markets.open'), candle?.open)}
        {cell(t('markets.high'), candle?.high)}
        {cell(t('markets.low'), candle?.low)}
        {cell(t('markets.close'), candle?.close, 'readout-close')}
        {average !== undefined ? cell(t('markets.average'), String(average), 'readout-average') : null}
      </dl>
    </div>
  );
}
