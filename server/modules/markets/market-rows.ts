/**
 * The market list's rows (10068): each instrument's last price, its 24-hour change, high and low
 * against the newest day of stored minutes, and a sparkline of that day.
 */
import type { Instrument, MarketRow, Quote } from '../../../protocol/markets.ts';
import { dec } from '../../../protocol/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { candleWindow } from './markets.repository.ts';

const SPARK_POINTS = 24;
/** A list row's window: the newest day of stored minutes. */
const LIST_WINDOW_MINUTES = 24 * 60;

export async function marketRows(
  db: DbOrTx,
  instruments: readonly Instrument[],
  quoteOf: (symbol: string) => Quote,
): Promise<MarketRow[]> {
  const rows: MarketRow[] = [];
  for (const instrument of instruments) {
    const quote = quoteOf(instrument.symbol);
    const window = await candleWindow(db, instrument.symbol, LIST_WINDOW_MINUTES, SPARK_POINTS);
    const last = dec(quote.last);
    const open = window.open === null ? last : dec(window.open);
    const high = window.high === null || last.greaterThan(window.high) ? last : dec(window.high);
    const low = window.low === null || last.lessThan(window.low) ? last : dec(window.low);
    const change = last.minus(open);
    rows.push({
      symbol: instrument.symbol,
      name: instrument.name,
      category: instrument.category,
      precision: instrument.precision,
      last: quote.last,
      change24h: change.toFixed(instrument.precision),
      changePercent24h: open.isZero() ? '0.00' : change.dividedBy(open).times(100).toFixed(2),
      high24h: high.toFixed(instrument.precision),
      low24h: low.toFixed(instrument.precision),
      sparkline: [...window.closes, quote.last].slice(-SPARK_POINTS - 1),
      open: quote.open,
    });
  }
  return rows;
}
