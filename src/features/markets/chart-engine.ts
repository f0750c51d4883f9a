/**
 * The price chart, drawn by uPlot. This module is only ever loaded with `import()` from the
 * instrument screen, so uPlot and its stylesheet (emitted by Vite as a file, which the CSP's
 * `style-src 'self'` allows) stay out of every other page.
 *
 * The x axis counts candles (0 .. n-1), not time: a closed market's nights and weekends leave no
 * gaps, and zooming and panning move a window of candle indices. Candlesticks and OHLC bars are a
 * custom series `paths` builder that returns one path per colour (uPlot accepts a Map of style to
 * Path2D). Touch: one finger drags the chart, two fingers pinch it, a double tap resets the view.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Candle, ChartType, Interval } from '../../../protocol/markets.ts';
import { isIntraday } from '../../../protocol/markets.ts';
import { formatDate } from '../../lib/format.ts';
import { averageLine, axisTime } from './candles.ts';
import {
  createPane,
  type Overlay,
  overlaysOf,
  type Pane,
  paneSpecs,
  showLegend,
  valueAxis,
} from './chart-indicators.ts';
import type { IndicatorSettings } from './indicator-settings.ts';
import { formatPrice } from './model.ts';

export interface ChartTheme {
  up: string;
  down: string;
  /** Axis labels. */
  text: string;
  grid: string;
  /** The close line of the area and time-share charts. */
  line: string;
  /** The time-share average line. */
  average: string;
  /** Axis font size in CSS pixels. */
  fontPx: number;
  fontFamily: string;
}

export interface ChartOptions {
  type: ChartType;
  interval: Interval;
  precision: number;
  theme: ChartTheme;
  width: number;
  height: number;
  /** The candle under the crosshair, or null when the crosshair left the chart. */
  onCursor(index: number | null): void;
  /** The view reached the oldest candles loaded: a chance to load older ones. */
  onNearStart(): void;
  /** Lines on the price pane and panes below it (src/features/markets/indicator-settings.ts). */
  indicators: IndicatorSettings;
}

export type CandlesChange =
  /** A different series (first load, another interval): the view is reset. */
  | { kind: 'replace' }
  /** The last candle moved. */
  | { kind: 'update' }
  /** Candles were added at the end; a view that showed the newest candle follows them. */
  | { kind: 'append' }
  /** `count` older candles were added in front; the view stays on the same candles. */
  | { kind: 'prepend'; count: number };

export interface ChartHandle {
  setCandles(candles: readonly Candle[], change: CandlesChange): void;
  setSize(width: number, height: number): void;
  resetView(): void;
  destroy(): void;
}

/** How many candles the first view shows. */
const DEFAULT_BARS = 60;
const MIN_BARS = 8;
/** Zoomed out further, a candle would be narrower than a pixel on a phone. */
const MAX_BARS = 400;
/** Empty room right of the newest candle, in candles. */
const RIGHT_ROOM = 2;
/** A view closer than this to the oldest loaded candle asks for older ones. */
const NEAR_START = 10;
/** Integer steps only: a label always sits on a candle. */
const INDEX_INCRS = [1, 2, 3, 5, 10, 15, 20, 30, 50, 100, 150, 200, 300, 500, 1000];

interface View {
  min: number;
  max: number;
}

type Columns = [number[], number[], number[], number[], number[], number[]];

/** x, open, high, low, close, average, then one column per overlay line. */
function columns(candles: readonly Candle[], interval: Interval, overlays: readonly Overlay[]): Columns {
  const closes = candles.map((c) => Number(c.close));
  return [
    candles.map((_, i) => i),
    candles.map((c) => Number(c.open)),
    candles.map((c) => Number(c.high)),
    candles.map((c) => Number(c.low)),
    closes,
    averageLine(candles, interval),
    ...overlays.map((o) => o.values(closes)),
  ] as unknown as Columns;
}

/** Hex colour with an alpha byte: `#2ebd85` + 0.25 -> `#2ebd8540`. */
function withAlpha(hex: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  return `${hex}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

/** Candle bodies and wicks (`candle`) or OHLC bars (`ohlc`), one path per colour. */
function barPaths(kind: 'candle' | 'ohlc', theme: ChartTheme): uPlot.Series.PathBuilder {
  return (u, _seriesIdx, idx0, idx1) => {
    const [, opens, highs, lows, closes] = u.data as unknown as Columns;
    const scale = u.scales.x;
    const span = (scale?.max ?? 1) - (scale?.min ?? 0) || 1;
    const perBar = u.bbox.width / span;
    const pr = uPlot.pxRatio;
    // An odd body width centres it on the wick; gaps between candles stay visible.
    const body = Math.max(1, Math.min(Math.round(perBar * 0.7), Math.round(24 * pr)) | 1);
    const half = (body - 1) / 2;
    const upLines = new Path2D();
    const downLines = new Path2D();
    const upBodies = new Path2D();
    const downBodies = new Path2D();
    const from = Math.max(0, idx0 - 1);
    const to = Math.min(opens.length - 1, idx1 + 1);
    for (let i = from; i <= to; i++) {
      const o = opens[i];
      const h = highs[i];
      const l = lows[i];
      const c = closes[i];
      if (o === undefined || h === undefined || l === undefined || c === undefined) continue;
      if (!Number.isFinite(o + h + l + c)) continue;
      const x = Math.round(u.valToPos(i, 'x', true));
      const yo = Math.round(u.valToPos(o, 'y', true));
      const yh = Math.round(u.valToPos(h, 'y', true));
      const yl = Math.round(u.valToPos(l, 'y', true));
      const yc = Math.round(u.valToPos(c, 'y', true));
      const up = c >= o;
      const lines = up ? upLines : downLines;
      lines.moveTo(x, yh);
      lines.lineTo(x, yl);
      if (kind === 'candle') {
        const top = Math.min(yo, yc);
        (up ? upBodies : downBodies).rect(x - half - 0.5, top - 0.5, body, Math.max(1, Math.abs(yo - yc)));
      } else {
        const tick = Math.max(2, half);
        lines.moveTo(x - tick, yo);
        lines.lineTo(x, yo);
        lines.moveTo(x, yc);
        lines.lineTo(x + tick, yc);
      }
    }
    return {
      stroke: new Map([
        [theme.up, upLines],
        [theme.down, downLines],
      ]),
      fill: new Map([
        [theme.up, upBodies],
        [theme.down, downBodies],
      ]),
    };
  };
}

const noPaths: uPlot.Series.PathBuilder = () => null;

/** What each chart type draws. Data columns: x, open, high, low, close, average. */
function seriesFor(type: ChartType, theme: ChartTheme): uPlot.Series[] {
  const hidden = { show: false };
  // A series that draws nothing but still widens the y range to its values (highs and lows).
  const ranging = (label: string): uPlot.Series => ({ label, paths: noPaths, points: { show: false } });
  const x: uPlot.Series = {};
  if (type === 'candle_solid' || type === 'ohlc') {
    return [
      x,
      {
        label: 'open',
        paths: barPaths(type === 'ohlc' ? 'ohlc' : 'candle', theme),
        points: { show: false },
        stroke: theme.up,
        fill: theme.up,
        width: type === 'ohlc' ? 1.5 : 1,
      },
      ranging('high'),
      ranging('low'),
      ranging('close'),
      { label: 'average', ...hidden },
    ];
  }
  if (type === 'area') {
    return [
      x,
      { label: 'open', ...hidden },
      { label: 'high', ...hidden },
      { label: 'low', ...hidden },
      {
        label: 'close',
        stroke: theme.line,
        width: 2,
        points: { show: false },
        fill: (u) => {
          const gradient = u.ctx.createLinearGradient(0, u.bbox.top, 0, u.bbox.top + u.bbox.height);
          gradient.addColorStop(0, withAlpha(theme.line, 0.45));
          gradient.addColorStop(1, withAlpha(theme.line, 0.02));
          return gradient;
        },
        // Fill down to the bottom of the plot, whatever the prices are.
        fillTo: (u) => u.scales.y?.min ?? 0,
      },
      { label: 'average', ...hidden },
    ];
  }
  return [
    x,
    { label: 'open', ...hidden },
    { label: 'high', ...hidden },
    { label: 'low', ...hidden },
    {
      label: 'close',
      stroke: theme.line,
      width: 1.5,
      points: { show: false },
      fill: withAlpha(theme.line, 0.08),
      fillTo: (u) => u.scales.y?.min ?? 0,
    },
    { label: 'average', stroke: theme.average, width: 1, points: { show: false } },
  ];
}

export function createChart(
  root: HTMLElement,
  initial: readonly Candle[],
  options: ChartOptions,
): ChartHandle {
  const { theme, interval, precision } = options;
  let candles = initial;
  const overlays = overlaysOf(options.indicators);
  // One key per chart: the panes' crosshair follows the price pane's.
  const syncKey = `chart-${Math.random().toString(36).slice(2)}`;
  // The price axis and the panes' axes take the same width, so a candle sits at the same x in each.
  const axis = { px: Math.round(theme.fontPx * 5.5) };
  let view: View = defaultView(candles.length);
  const font = `${theme.fontPx}px ${theme.fontFamily}`;
  const labelChars = axisTime(Date.UTC(2025, 11, 31, 23, 59), interval).length;
  const boundary =
    interval === '1D' ? 'YYYY' : isIntraday(interval) && !/^[14]h$/.test(interval) ? 'MM/DD' : '';

  function defaultView(n: number): View {
    const bars = Math.min(DEFAULT_BARS, Math.max(n, MIN_BARS));
    return { min: n - 0.5 - bars, max: n - 0.5 + RIGHT_ROOM };
  }

  /** A view width between MIN_BARS and all candles (at most MAX_BARS). */
  function clampWidth(width: number): number {
    const widest = Math.min(Math.max(candles.length + RIGHT_ROOM + 1, MIN_BARS), MAX_BARS);
    return Math.min(Math.max(width, MIN_BARS), widest);
  }

  function clamp(next: View): View {
    const n = candles.length;
    const width = clampWidth(next.max - next.min);
    // The oldest candle may not leave the left edge by more than a few candles, the newest may
    // not leave the right edge by more than a tenth of the view (plus the usual room).
    const lowest = -0.5 - RIGHT_ROOM;
    const highest = n - 0.5 + RIGHT_ROOM + width * 0.1 - width;
    const min = Math.max(Math.min(next.min, highest), lowest);
    return { min, max: min + width };
  }

  const opts: uPlot.Options = {
    width: options.width,
    height: options.height,
    // The readout above the chart replaces uPlot's legend.
    legend: { show: false },
    padding: [8, 0, 0, 4],
    scales: {
      x: { time: false, range: (_u, min, max) => [min, max] },
      y: { auto: true },
    },
    series: [
      ...seriesFor(options.type, theme),
      ...overlays.map((o) => ({ label: o.label, stroke: o.color, width: 1.2, points: { show: false } })),
    ],
    axes: [
      {
        stroke: theme.text,
        font,
        grid: { stroke: theme.grid, width: 1 },
        ticks: { show: false },
        incrs: INDEX_INCRS,
        space: labelChars * theme.fontPx * 0.62 + 18,
        size: theme.fontPx * 2.2,
        values: (u, splits) => {
          let previousPeriod = '';
          return splits.map((i) => {
            const c = Number.isInteger(i) ? candles[i] : undefined;
            // A label that would be cut by the plot's edge is left out.
            const x = u.valToPos(i, 'x');
            const half = (labelChars * theme.fontPx * 0.6) / 2;
            if (!c || x < half || x > u.bbox.width / uPlot.pxRatio - half) return '';
            // Short labels would hide a new day (times of day) or a new year (1D dates): the first
            // label after the change shows the day or the year instead.
            const period = boundary ? formatDate(c.time, boundary) : '';
            const changed = previousPeriod !== '' && period !== previousPeriod;
            previousPeriod = period;
            return changed ? period : axisTime(c.time, interval);
          });
        },
      },
      {
        ...valueAxis(theme, font),
        space: theme.fontPx * 3,
        values: (_u, splits) => splits.map((v) => formatPrice(v, precision)),
        size: (u, values) => {
          if (!values) return theme.fontPx * 4;
          const saved = u.ctx.font;
          u.ctx.font = `${theme.fontPx * uPlot.pxRatio}px ${theme.fontFamily}`;
          const widest = Math.max(...values.map((v) => u.ctx.measureText(String(v)).width));
          u.ctx.font = saved;
          axis.px = Math.max(axis.px, Math.ceil(widest / uPlot.pxRatio) + 14);
          return axis.px;
        },
      },
    ],
    cursor: {
      x: true,
      y: true,
      points: { show: false },
      drag: { x: false, y: false, setScale: false },
      sync: { key: syncKey },
      // Double tap / double click resets our view (below), not uPlot's full-range zoom.
      bind: { dblclick: () => null },
      // The vertical line snaps to the candle under the finger.
      move: (u, left, top) => {
        // A hidden cursor (negative position) stays hidden.
        if (left < 0 || !candles.length) return [left, top];
        const idx = Math.round(u.posToVal(left, 'x'));
        const clamped = Math.min(Math.max(idx, 0), candles.length - 1);
        return [u.valToPos(clamped, 'x'), top];
      },
    },
    hooks: {
      setCursor: [
        (u) => {
          const idx = u.cursor.idx;
          const at =
            idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0
              ? null
              : idx;
          options.onCursor(at);
          showValues(at);
        },
      ],
      draw: [drawLastPrice],
    },
  };

  /** A dashed line at the last price and its value on the price axis. */
  function drawLastPrice(u: uPlot) {
    const last = candles.at(-1);
    if (!last) return;
    const value = Number(last.close);
    const y = Math.round(u.valToPos(value, 'y', true));
    const { left, top, width, height } = u.bbox;
    if (y < top || y > top + height) return;
    const pr = uPlot.pxRatio;
    const color = Number(last.close) >= Number(last.open) ? theme.up : theme.down;
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = pr;
    ctx.setLineDash([3 * pr, 3 * pr]);
    ctx.beginPath();
    ctx.moveTo(left, y + 0.5);
    ctx.lineTo(left + width, y + 0.5);
    ctx.stroke();
    ctx.setLineDash([]);
    const text = formatPrice(last.close, precision);
    ctx.font = `${theme.fontPx * pr}px ${theme.fontFamily}`;
    const boxHeight = Math.round(theme.fontPx * 1.8 * pr);
    const boxWidth = u.ctx.canvas.width - (left + width);
    ctx.fillStyle = color;
    ctx.fillRect(left + width, y - boxHeight / 2, boxWidth, boxHeight);
    ctx.fillStyle = '#ffffff';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillText(text, left + width + 4 * pr, y);
    ctx.restore();
  }

  // The overlays' values above the price pane, as exchange apps show them (MA7 … MA25 …).
  const legend = document.createElement('div');
  legend.className = 'chart-pane-legend chart-overlay-legend';
  root.append(legend);
  let data = columns(candles, interval, overlays);
  function showValues(index: number | null) {
    showLegend(
      legend,
      overlays.map((o, k) => ({
        label: o.label,
        color: o.color,
        values: data[6 + k] as unknown as (number | null)[],
      })),
      index,
      (v) => formatPrice(v, precision),
    );
    for (const pane of panes) pane.showValues(index);
  }
  const panes: Pane[] = [];
  const u = new uPlot(opts, data as unknown as uPlot.AlignedData, root);
  const paneTheme = { ...theme };
  for (const spec of paneSpecs(options.indicators, paneTheme)) {
    panes.push(createPane(root, spec, () => candles, paneTheme, options.width, syncKey, axis));
  }
  showValues(null);
  applyView(view);

  /** Shows the candles `next` covers (clamped); the window is also on the root for tests. */
  function setView(next: View) {
    view = clamp(next);
    u.setScale('x', { min: view.min, max: view.max });
    for (const pane of panes) pane.setX(view.min, view.max);
    root.dataset.view = `${view.min.toFixed(2)},${view.max.toFixed(2)}`;
  }

  function applyView(next: View) {
    setView(next);
    if (view.min < NEAR_START) options.onNearStart();
  }

  // ---- Gestures: drag to pan, pinch to zoom, double tap to reset, wheel to zoom ----

  // Gestures start anywhere on the chart, axes included; positions are measured on the plot.
  const over = u.over;
  const surface = root;
  const pointers = new Map<number, number>();
  let gesture: { view: View; x: number; distance: number } | null = null;
  let lastTap = { at: 0, x: 0 };
  let downAt = { at: 0, x: 0, moved: false };

  /** A plot x (CSS pixels from the plot's left edge) as a candle index under the current view. */
  const indexAt = (plotX: number, v: View) => v.min + (plotX / over.clientWidth) * (v.max - v.min);
  const plotX = (clientX: number) => clientX - over.getBoundingClientRect().left;

  function beginGesture() {
    const xs = [...pointers.values()];
    if (xs.length === 0) {
      gesture = null;
      return;
    }
    const center = xs.reduce((a, b) => a + b, 0) / xs.length;
    const distance = xs.length > 1 ? Math.abs((xs[0] ?? 0) - (xs[1] ?? 0)) : 0;
    gesture = { view, x: center, distance };
  }

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    surface.setPointerCapture?.(e.pointerId);
    pointers.set(e.pointerId, plotX(e.clientX));
    downAt = { at: e.timeStamp, x: e.clientX, moved: false };
    beginGesture();
  };

  const onMove = (e: PointerEvent) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, plotX(e.clientX));
    if (Math.abs(e.clientX - downAt.x) > 6) downAt.moved = true;
    const xs = [...pointers.values()];
    const start = gesture.view;
    const startWidth = start.max - start.min;
    if (xs.length === 1) {
      const dx = (xs[0] ?? 0) - gesture.x;
      const shift = (dx / over.clientWidth) * startWidth;
      applyView({ min: start.min - shift, max: start.max - shift });
    } else if (xs.length >= 2 && gesture.distance > 0) {
      const distance = Math.abs((xs[0] ?? 0) - (xs[1] ?? 0));
      const center = ((xs[0] ?? 0) + (xs[1] ?? 0)) / 2;
      const width = clampWidth((startWidth * gesture.distance) / Math.max(distance, 1));
      // The candle that was under the fingers' midpoint stays under it.
      const anchor = indexAt(gesture.x, start);
      const min = anchor - (center / over.clientWidth) * width;
      applyView({ min, max: min + width });
    }
  };

  const onUp = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    if (e.type === 'pointerup' && e.pointerType !== 'mouse' && pointers.size === 0 && !downAt.moved) {
      const quick = e.timeStamp - downAt.at < 300;
      if (quick && e.timeStamp - lastTap.at < 350 && Math.abs(e.clientX - lastTap.x) < 30) {
        resetView();
        lastTap = { at: 0, x: 0 };
      } else if (quick) {
        lastTap = { at: e.timeStamp, x: e.clientX };
      }
    }
    beginGesture();
  };

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const factor = Math.exp(Math.sign(e.deltaY) * Math.min(Math.abs(e.deltaY), 100) * 0.002);
    const x = plotX(e.clientX);
    const anchor = indexAt(x, view);
    const width = clampWidth((view.max - view.min) * factor);
    const min = anchor - (x / over.clientWidth) * width;
    applyView({ min, max: min + width });
  };

  const onDoubleClick = () => resetView();

  surface.addEventListener('pointerdown', onDown);
  surface.addEventListener('pointermove', onMove);
  surface.addEventListener('pointerup', onUp);
  surface.addEventListener('pointercancel', onUp);
  surface.addEventListener('wheel', onWheel, { passive: false });
  surface.addEventListener('dblclick', onDoubleClick);

  function resetView() {
    applyView(defaultView(candles.length));
  }

  return {
    setCandles(next, change) {
      const before = candles.length;
      const following = view.max >= before - 1;
      candles = next;
      let nextView = view;
      if (change.kind === 'replace') nextView = defaultView(next.length);
      else if (change.kind === 'prepend') {
        nextView = { min: view.min + change.count, max: view.max + change.count };
        // A gesture in progress measures from its starting view: move that too.
        if (gesture) {
          const g = gesture.view;
          gesture = { ...gesture, view: { min: g.min + change.count, max: g.max + change.count } };
        }
      } else if (change.kind === 'append' && following && pointers.size === 0) {
        const added = next.length - before;
        nextView = { min: view.min + added, max: view.max + added };
      }
      data = columns(next, interval, overlays);
      u.batch(() => {
        u.setData(data as unknown as uPlot.AlignedData, false);
        for (const pane of panes) pane.setData(next);
        setView(nextView);
      });
      showValues(null);
      if (change.kind === 'replace' && view.min < NEAR_START) options.onNearStart();
    },
    setSize(width, height) {
      u.setSize({ width, height });
      for (const pane of panes) pane.setWidth(width);
    },
    resetView,
    destroy() {
      surface.removeEventListener('pointerdown', onDown);
      surface.removeEventListener('pointermove', onMove);
      surface.removeEventListener('pointerup', onUp);
      surface.removeEventListener('pointercancel', onUp);
      surface.removeEventListener('wheel', onWheel);
      surface.removeEventListener('dblclick', onDoubleClick);
      for (const pane of panes) pane.destroy();
      u.destroy();
      legend.remove();
    },
  };
}
