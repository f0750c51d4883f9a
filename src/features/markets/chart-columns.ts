/**
 * The data columns the price pane's uPlot draws from. uPlot takes aligned columns, not candles, so
 * every change of the candles is turned into these; the bar drawing (./chart-bars.ts) and the
 * overlays' legend read them back by position.
 */
import type { Candle, Interval } from '../../../protocol/markets.ts';
import { averageLine } from './candles.ts';
import type { Overlay } from './chart-indicators.ts';

/** x (the candle's index), open, high, low, close, average; the overlays' lines follow. */
export type Columns = [number[], number[], number[], number[], number[], number[]];

/** x, open, high, low, close, average, then one column per overlay line. */
export function columns(
  candles: readonly Candle[],
  interval: Interval,
  overlays: readonly Overlay[],
): Columns {
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
