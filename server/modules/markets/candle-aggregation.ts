/**
 * Candle aggregation: candles of a coarser interval from finer bars, with prices kept as the
 * strings they came in and volumes summed as exact decimals, so a rollup equals the bars it sums.
 */
import type { Candle, Interval } from '../../../protocol/markets.ts';
import { exact } from '../../../protocol/money.ts';
import { bucketStart } from './interval-buckets.ts';
import { type TradingCalendar, toCalendar } from './trading-calendar.ts';

function fractionDigits(decimal: string): number {
  const point = decimal.indexOf('.');
  return point < 0 ? 0 : decimal.length - point - 1;
}

/**
 * Candles of `interval` from finer bars (1-minute bars for intraday intervals, daily bars for 1D
 * and coarser; minute bars work for those too). Open is the first bar's open, high the highest
 * high, low the lowest low, close the last bar's close, volume the exact decimal sum (at the most
 * digits after the point among its bars). Prices keep
 * their original strings. A bar starting exactly on a boundary opens the new bucket.
 */
export function aggregate(
  bars: readonly Candle[],
  interval: Interval,
  calendar: TradingCalendar | string,
): Candle[] {
  const cal = toCalendar(calendar);
  let ordered = bars;
  for (let i = 1; i < bars.length; i++) {
    if ((bars[i]?.time ?? 0) < (bars[i - 1]?.time ?? 0)) {
      ordered = [...bars].sort((a, b) => a.time - b.time);
      break;
    }
  }
  const out: Candle[] = [];
  let current: Candle | null = null;
  let high = 0;
  let low = 0;
  let volume = exact(0);
  let scale = 0;
  const flush = (): void => {
    if (current) out.push({ ...current, volume: volume.toFixed(scale) });
  };
  for (const bar of ordered) {
    const time = bucketStart(interval, bar.time, cal);
    const barHigh = Number(bar.high);
    const barLow = Number(bar.low);
    if (current && current.time === time) {
      if (barHigh > high) {
        high = barHigh;
        current.high = bar.high;
      }
      if (barLow < low) {
        low = barLow;
        current.low = bar.low;
      }
      current.close = bar.close;
      volume = volume.plus(bar.volume);
      scale = Math.max(scale, fractionDigits(bar.volume));
    } else {
      flush();
      current = { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: '' };
      high = barHigh;
      low = barLow;
      volume = exact(bar.volume);
      scale = fractionDigits(bar.volume);
    }
  }
  flush();
  return out;
}
