/**
 * The price pane's two axes. The x axis counts candles, not time, so its labels are looked up in
 * the candles (integer steps only: a label always sits on a candle); the price axis measures its
 * labels and shares its width with the indicator panes below, so a candle sits at the same x in
 * each.
 */
import uPlot from 'uplot';
import type { Candle, Interval } from '../../../protocol/markets.ts';
import { isIntraday } from '../../../protocol/markets.ts';
import { formatDate } from '../../lib/format.ts';
import { axisTime } from './candles.ts';
import { valueAxis } from './chart-indicators.ts';
import type { ChartTheme } from './chart-types.ts';
import { formatPrice } from './model.ts';

/** Integer steps only: a label always sits on a candle. */
const INDEX_INCRS = [1, 2, 3, 5, 10, 15, 20, 30, 50, 100, 150, 200, 300, 500, 1000];

/** The time labels under the price pane; `candlesNow` gives the candles as they are at drawing time. */
export function timeAxis(
  theme: ChartTheme,
  font: string,
  interval: Interval,
  candlesNow: () => readonly Candle[],
): uPlot.Axis {
  const labelChars = axisTime(Date.UTC(2025, 11, 31, 23, 59), interval).length;
  const boundary =
    interval === '1D' ? 'YYYY' : isIntraday(interval) && !/^[14]h$/.test(interval) ? 'MM/DD' : '';
  return {
    stroke: theme.text,
    font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { show: false },
    incrs: INDEX_INCRS,
    space: labelChars * theme.fontPx * 0.62 + 18,
    size: theme.fontPx * 2.2,
    values: (u, splits) => {
      const candles = candlesNow();
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
  };
}

/**
 * The price labels right of the price pane. `axis.px` is the width the panes below share: it only
 * grows, to the widest label measured so far.
 */
export function priceAxis(
  theme: ChartTheme,
  font: string,
  precision: number,
  axis: { px: number },
): uPlot.Axis {
  return {
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
  };
}
