/**
 * What the instrument screen (./PriceChart.tsx) and the chart engine (./chart-engine.ts) agree on:
 * the theme, the options, the ways candles change and the handle the screen drives the chart with.
 * Types only, in a file of their own, so that the screen can name them without loading the engine
 * (uPlot stays in the engine's lazy chunk) and the engine's parts can share the theme.
 */
import type { Candle, ChartType, Interval } from '../../../protocol/markets.ts';
import type { IndicatorSettings } from './indicator-settings.ts';

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
