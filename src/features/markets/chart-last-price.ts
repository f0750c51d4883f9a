/**
 * The last price on the price pane: a dashed line across the plot and its value in a box on the
 * price axis, coloured by the last candle's direction, as exchange apps show it. Drawn on the
 * canvas after uPlot's own drawing (its `draw` hook), as uPlot has no such marker.
 */
import uPlot from 'uplot';
import type { Candle } from '../../../protocol/markets.ts';
import type { ChartTheme } from './chart-types.ts';
import { formatPrice } from './model.ts';

/** A dashed line at the last price and its value on the price axis. */
export function drawLastPrice(
  u: uPlot,
  last: Candle | undefined,
  theme: ChartTheme,
  precision: number,
): void {
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
