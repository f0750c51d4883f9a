/**
 * The indicators' part of the chart (loaded with chart-engine.ts, never with the first page): the
 * overlay lines on the price pane (MA, EMA, BOLL) as extra uPlot series after the candle columns,
 * and the panes below it (VOL, MACD, RSI), each a small uPlot of its own whose x scale and cursor
 * follow the price pane. Values are recomputed from the candles on every change, so the last
 * candle's live moves reach every indicator.
 */
import uPlot from 'uplot';
import type { Candle } from '../../../protocol/markets.ts';
import { paneHeight } from './chart-size.ts';
import type { IndicatorSettings } from './indicator-settings.ts';
import { bollinger, ema, macd, rsi, type Series, sma } from './indicators.ts';

/** Line colours, in the order the periods are listed (the first is the shortest by default). */
export const LINE_COLORS = ['#f5b942', '#d96cf0', '#4dc7f8'];
const BAND_COLOR = '#9aa7bf';

export interface Overlay {
  label: string;
  color: string;
  values(closes: number[]): Series;
}

/**
 * The cursor of one pane of the chart: no points, no drag to zoom, and the vertical line moving
 * with the other panes' (one `syncKey` per chart); the price pane shows the horizontal line too.
 */
export function syncedCursor(syncKey: string, y: boolean): uPlot.Cursor {
  return {
    x: true,
    y,
    points: { show: false },
    drag: { x: false, y: false, setScale: false },
    sync: { key: syncKey },
  };
}

/** The price pane's extra lines, in column order. */
export function overlaysOf(settings: IndicatorSettings): Overlay[] {
  const lines: Overlay[] = [];
  const color = (i: number) => LINE_COLORS[i] ?? BAND_COLOR;
  if (settings.ma.on) {
    for (const [i, p] of settings.ma.periods.entries()) {
      lines.push({ label: `MA${p}`, color: color(i), values: (c) => sma(c, p) });
    }
  }
  if (settings.ema.on) {
    for (const [i, p] of settings.ema.periods.entries()) {
      lines.push({ label: `EMA${p}`, color: color(i), values: (c) => ema(c, p) });
    }
  }
  if (settings.boll.on) {
    const { period, width } = settings.boll;
    const bands = (c: number[]) => bollinger(c, period, width);
    lines.push({
      label: `BOLL(${period},${width}) UP`,
      color: LINE_COLORS[1] ?? BAND_COLOR,
      values: (c) => bands(c).upper,
    });
    lines.push({ label: 'MB', color: LINE_COLORS[0] ?? BAND_COLOR, values: (c) => bands(c).middle });
    lines.push({ label: 'DN', color: LINE_COLORS[2] ?? BAND_COLOR, values: (c) => bands(c).lower });
  }
  return lines;
}

export interface PaneTheme {
  up: string;
  down: string;
  text: string;
  grid: string;
  fontPx: number;
  fontFamily: string;
}

interface PaneSpec {
  name: 'vol' | 'macd' | 'rsi';
  /** Columns after x, and how each is drawn. */
  series: { label: string; color: string; bars?: boolean }[];
  columns(candles: readonly Candle[]): Series[];
  /** Fixed y range (RSI's 0-100), or null to fit the values. */
  range: [number, number] | null;
  /** Horizontal guides (RSI's 30 and 70). */
  guides: number[];
  /** Colour of bar i: volume by its candle's direction, the histogram by its sign. */
  barColor(i: number, value: number, candles: readonly Candle[]): string;
  format(value: number): string;
  /** The y axis's labels, where they differ from the legend's values. */
  axisFormat?(value: number): string;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

export function paneSpecs(settings: IndicatorSettings, theme: PaneTheme): PaneSpec[] {
  const specs: PaneSpec[] = [];
  const up = (c: Candle | undefined) => !c || Number(c.close) >= Number(c.open);
  if (settings.vol.on) {
    const { periods } = settings.vol;
    specs.push({
      name: 'vol',
      series: [
        { label: 'VOL', color: theme.up, bars: true },
        ...periods.map((p, i) => ({ label: `MA${p}`, color: LINE_COLORS[i] ?? BAND_COLOR })),
      ],
      columns: (candles) => {
        const volumes = candles.map((c) => Number(c.volume));
        return [volumes, ...periods.map((p) => sma(volumes, p))];
      },
      range: null,
      guides: [],
      barColor: (i, _v, candles) => (up(candles[i]) ? theme.up : theme.down),
      format: (v) => compact.format(v),
    });
  }
  if (settings.macd.on) {
    const { fast, slow, signal } = settings.macd;
    specs.push({
      name: 'macd',
      series: [
        { label: `MACD(${fast},${slow},${signal})`, color: LINE_COLORS[0] ?? BAND_COLOR, bars: true },
        { label: 'DIF', color: LINE_COLORS[0] ?? BAND_COLOR },
        { label: 'DEA', color: LINE_COLORS[1] ?? BAND_COLOR },
      ],
      columns: (candles) => {
        const m = macd(
          candles.map((c) => Number(c.close)),
          fast,
          slow,
          signal,
        );
        return [m.histogram, m.macd, m.signal];
      },
      range: null,
      guides: [0],
      barColor: (_i, v) => (v >= 0 ? theme.up : theme.down),
      format: (v) => (v === 0 ? '0' : v.toPrecision(4)),
    });
  }
  if (settings.rsi.on) {
    const { period } = settings.rsi;
    specs.push({
      name: 'rsi',
      series: [{ label: `RSI${period}`, color: LINE_COLORS[2] ?? BAND_COLOR }],
      columns: (candles) => [
        rsi(
          candles.map((c) => Number(c.close)),
          period,
        ),
      ],
      range: [0, 100],
      guides: [30, 70],
      barColor: () => theme.text,
      format: (v) => v.toFixed(2),
      axisFormat: (v) => v.toFixed(0),
    });
  }
  return specs;
}

export interface Pane {
  name: string;
  setData(candles: readonly Candle[]): void;
  setX(min: number, max: number): void;
  setWidth(width: number): void;
  /** Shows the values at candle `index` (or the last one) in the pane's legend. */
  showValues(index: number | null): void;
  destroy(): void;
}

/** Bars from zero, one path per colour, as the candles are drawn. */
function barsFrom(spec: PaneSpec, candles: () => readonly Candle[]): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const values = u.data[seriesIdx] as (number | null)[];
    const scale = u.scales.x;
    const perBar = u.bbox.width / ((scale?.max ?? 1) - (scale?.min ?? 0) || 1);
    const width = Math.max(1, Math.round(perBar * 0.7) | 1);
    const zero = Math.round(u.valToPos(0, 'y', true));
    const byColor = new Map<string, Path2D>();
    for (let i = Math.max(0, idx0 - 1); i <= Math.min(values.length - 1, idx1 + 1); i += 1) {
      const v = values[i];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      const color = spec.barColor(i, v, candles());
      let path = byColor.get(color);
      if (!path) {
        path = new Path2D();
        byColor.set(color, path);
      }
      const x = Math.round(u.valToPos(i, 'x', true));
      const y = Math.round(u.valToPos(v, 'y', true));
      path.rect(x - (width - 1) / 2 - 0.5, Math.min(y, zero), width, Math.max(1, Math.abs(zero - y)));
    }
    return { fill: byColor, stroke: new Map() };
  };
}

/**
 * A values row: each line's label and its value at candle `index` (the last candle when null or
 * past the end), in the line's colour; `--` where the line has no value yet.
 */
export function showLegend(
  legend: HTMLElement,
  lines: readonly { label: string; color: string; values: readonly (number | null)[] }[],
  index: number | null,
  format: (value: number) => string,
): void {
  legend.replaceChildren(
    ...lines.map((line) => {
      const n = line.values.length;
      const v = line.values[index === null || index >= n ? n - 1 : index];
      const span = document.createElement('span');
      span.style.color = line.color;
      span.textContent = `${line.label} ${v === null || v === undefined ? '--' : format(v)}`;
      return span;
    }),
  );
}

/** The right-hand value axis every pane of the chart draws alike (the price pane's included). */
export function valueAxis(theme: PaneTheme, font: string): uPlot.Axis {
  return {
    side: 1,
    stroke: theme.text,
    font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { show: false },
  };
}

export function createPane(
  parent: HTMLElement,
  spec: PaneSpec,
  candles: () => readonly Candle[],
  theme: PaneTheme,
  width: number,
  syncKey: string,
  /** The price axis's width, shared so that candles line up across panes. */
  axis: { px: number },
): Pane {
  const box = document.createElement('div');
  box.className = 'chart-pane';
  box.dataset.pane = spec.name;
  const legend = document.createElement('div');
  legend.className = 'chart-pane-legend';
  box.append(legend);
  parent.append(box);
  const font = `${theme.fontPx}px ${theme.fontFamily}`;
  const columnsOf = (list: readonly Candle[]) =>
    [list.map((_, i) => i), ...spec.columns(list)] as unknown as uPlot.AlignedData;
  let data = columnsOf(candles());
  const u = new uPlot(
    {
      width,
      height: paneHeight(width),
      legend: { show: false },
      padding: [6, 0, 6, 4],
      scales: {
        x: { time: false, range: (_u, min, max) => [min, max] },
        y: spec.range ? { range: () => spec.range as [number, number] } : { auto: true },
      },
      series: [
        {},
        ...spec.series.map((s) =>
          s.bars
            ? { label: s.label, paths: barsFrom(spec, candles), points: { show: false }, fill: s.color }
            : { label: s.label, stroke: s.color, width: 1.2, points: { show: false }, spanGaps: false },
        ),
      ],
      axes: [
        { show: false },
        {
          ...valueAxis(theme, font),
          space: theme.fontPx * 2.5,
          values: (_u, splits) => splits.map((v) => (spec.axisFormat ?? spec.format)(v)),
          size: () => axis.px,
        },
      ],
      cursor: syncedCursor(syncKey, false),
      hooks: {
        draw: [
          (plot) => {
            if (spec.guides.length === 0) return;
            const { ctx } = plot;
            const { left, width: w } = plot.bbox;
            ctx.save();
            ctx.strokeStyle = theme.text;
            ctx.lineWidth = uPlot.pxRatio;
            ctx.setLineDash([2 * uPlot.pxRatio, 3 * uPlot.pxRatio]);
            for (const g of spec.guides) {
              const y = Math.round(plot.valToPos(g, 'y', true)) + 0.5;
              ctx.beginPath();
              ctx.moveTo(left, y);
              ctx.lineTo(left + w, y);
              ctx.stroke();
            }
            ctx.restore();
          },
        ],
      },
    },
    data,
    box,
  );

  const showValues = (index: number | null) => {
    showLegend(
      legend,
      spec.series.map((s, k) => ({
        label: s.label,
        color: s.color === theme.up && s.bars ? theme.text : s.color,
        values: data[k + 1] as (number | null)[],
      })),
      index,
      spec.format,
    );
  };
  showValues(null);

  return {
    name: spec.name,
    setData(list) {
      data = columnsOf(list);
      u.setData(data, false);
    },
    setX(min, max) {
      u.setScale('x', { min, max });
    },
    setWidth(w) {
      u.setSize({ width: w, height: paneHeight(w) });
    },
    showValues,
    destroy() {
      u.destroy();
      box.remove();
    },
  };
}
