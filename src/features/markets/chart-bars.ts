/**
 * Candlesticks and OHLC bars for uPlot, which draws neither itself: a custom series `paths`
 * builder that returns one path per colour (uPlot accepts a Map of style to Path2D), so a whole
 * view is stroked and filled in four calls however many candles it shows.
 */
import uPlot from 'uplot';
import type { Columns } from './chart-columns.ts';
import type { ChartTheme } from './chart-types.ts';

/** Candle bodies and wicks (`candle`) or OHLC bars (`ohlc`), one path per colour. */
export function barPaths(kind: 'candle' | 'ohlc', theme: ChartTheme): uPlot.Series.PathBuilder {
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
