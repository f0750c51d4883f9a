/**
 * What each chart type draws on the price pane, as uPlot series over the columns of
 * ./chart-columns.ts (x, open, high, low, close, average). The columns are the same for every type
 * and uPlot wants one series per column, so each type lists all six: the ones it does not draw are
 * hidden, or draw nothing and only widen the price range.
 */
import type uPlot from 'uplot';
import type { ChartType } from '../../../protocol/markets.ts';
import { barPaths } from './chart-bars.ts';
import type { ChartTheme } from './chart-types.ts';

/** Hex colour with an alpha byte: `#2ebd85` + 0.25 -> `#2ebd8540`. */
function withAlpha(hex: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  return `${hex}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

const noPaths: uPlot.Series.PathBuilder = () => null;

/**
 * A line of the closes (area and line types), filled down to the bottom of the plot whatever the
 * prices are, over hidden opens, highs and lows.
 */
function closeLine(
  theme: ChartTheme,
  width: number,
  fill: uPlot.Series['fill'],
  average: uPlot.Series,
): uPlot.Series[] {
  const hidden = { show: false };
  return [
    {},
    { label: 'open', ...hidden },
    { label: 'high', ...hidden },
    { label: 'low', ...hidden },
    {
      label: 'close',
      stroke: theme.line,
      width,
      points: { show: false },
      fill,
      fillTo: (u) => u.scales.y?.min ?? 0,
    },
    average,
  ];
}

/** What each chart type draws. Data columns: x, open, high, low, close, average. */
export function seriesFor(type: ChartType, theme: ChartTheme): uPlot.Series[] {
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
    const fill: uPlot.Series['fill'] = (u) => {
      const gradient = u.ctx.createLinearGradient(0, u.bbox.top, 0, u.bbox.top + u.bbox.height);
      gradient.addColorStop(0, withAlpha(theme.line, 0.45));
      gradient.addColorStop(1, withAlpha(theme.line, 0.02));
      return gradient;
    };
    return closeLine(theme, 2, fill, { label: 'average', ...hidden });
  }
  return closeLine(theme, 1.5, withAlpha(theme.line, 0.08), {
    label: 'average',
    stroke: theme.average,
    width: 1,
    points: { show: false },
  });
}
