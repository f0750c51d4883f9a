/**
 * The price chart, drawn by uPlot. This module is only ever loaded with `import()` from the
 * instrument screen, so uPlot and its stylesheet (emitted by Vite as a file, which the CSP's
 * `style-src 'self'` allows) stay out of every other page.
 *
 * The x axis counts candles (0 .. n-1), not time: a closed market's nights and weekends leave no
 * gaps, and zooming and panning move a window of candle indices (./chart-view.ts). Candlesticks and
 * OHLC bars are a custom series `paths` builder (./chart-bars.ts). Touch: one finger drags the
 * chart, two fingers pinch it, a double tap resets the view (./chart-gestures.ts). This file puts
 * the parts together: the price pane, the indicator panes below it (./chart-indicators.ts) and the
 * handle the screen drives them with (./chart-types.ts).
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Candle } from '../../../protocol/markets.ts';
import { priceAxis, timeAxis } from './chart-axes.ts';
import { columns } from './chart-columns.ts';
import { attachGestures } from './chart-gestures.ts';
import {
  createPane,
  overlaysOf,
  type Pane,
  paneSpecs,
  showLegend,
  syncedCursor,
} from './chart-indicators.ts';
import { drawLastPrice } from './chart-last-price.ts';
import { seriesFor } from './chart-series.ts';
import type { ChartHandle, ChartOptions } from './chart-types.ts';
import { clampView, clampWidth, defaultView, NEAR_START, type View } from './chart-view.ts';
import { formatPrice } from './model.ts';

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
    axes: [timeAxis(theme, font, interval, () => candles), priceAxis(theme, font, precision, axis)],
    cursor: {
      ...syncedCursor(syncKey, true),
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
      draw: [(u) => drawLastPrice(u, candles.at(-1), theme, precision)],
    },
  };

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
    view = clampView(next, candles.length);
    u.setScale('x', { min: view.min, max: view.max });
    for (const pane of panes) pane.setX(view.min, view.max);
    root.dataset.view = `${view.min.toFixed(2)},${view.max.toFixed(2)}`;
  }

  function applyView(next: View) {
    setView(next);
    if (view.min < NEAR_START) options.onNearStart();
  }

  function resetView() {
    applyView(defaultView(candles.length));
  }

  const gestures = attachGestures(root, u.over, {
    view: () => view,
    applyView,
    clampWidth: (width) => clampWidth(width, candles.length),
    resetView,
  });

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
        gestures.shift(change.count);
      } else if (change.kind === 'append' && following && !gestures.active()) {
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
      gestures.detach();
      for (const pane of panes) pane.destroy();
      u.destroy();
      legend.remove();
    },
  };
}
