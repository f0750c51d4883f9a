/**
 * 1-minute bars built from a live feed's accepted prices: the bar in progress, and the completed
 * ones of the last hours, which the candle writer stores (and which a REST backfill replaces where
 * the exchange has its own). Prices are kept as the strings they came in; volume is the exact sum
 * of traded sizes (zero for an oracle, which reports no trades).
 */
import type { Candle } from '../../../../protocol/markets.ts';
import { exact, fmt } from '../../../../protocol/money.ts';

const MINUTE = 60_000;

export class MinuteBars {
  private current: Candle | null = null;
  private readonly done: Candle[] = [];
  private readonly keepMs: number;

  /** Completed bars older than `keepMs` before the newest are forgotten. */
  constructor(keepMs = 6 * 3_600_000) {
    this.keepMs = keepMs;
  }

  /** A price at `at`; `size` is a trade's size, when the price is a trade's. */
  add(price: string, at: number, size = '0'): void {
    const time = Math.floor(at / MINUTE) * MINUTE;
    const bar = this.current;
    if (bar && time < bar.time) return; // late: that minute is closed
    if (!bar || time > bar.time) {
      if (bar) this.close(bar);
      this.current = { time, open: price, high: price, low: price, close: price, volume: fmt(exact(size)) };
      return;
    }
    if (exact(price).greaterThan(bar.high)) bar.high = price;
    if (exact(price).lessThan(bar.low)) bar.low = price;
    bar.close = price;
    bar.volume = fmt(exact(bar.volume).plus(size));
  }

  /** The bar of the minute containing `ms`, or null when nothing was priced in it. */
  currentAt(ms: number): Candle | null {
    const bar = this.current;
    return bar && bar.time === Math.floor(ms / MINUTE) * MINUTE ? { ...bar } : null;
  }

  /** Completed bars starting in [fromMs, toMs), oldest first (the bar in progress once its minute is over). */
  between(fromMs: number, toMs: number, now: number): Candle[] {
    const bar = this.current;
    const all = bar && bar.time + MINUTE <= now ? [...this.done, bar] : this.done;
    return all.filter((c) => c.time >= fromMs && c.time < toMs).map((c) => ({ ...c }));
  }

  private close(bar: Candle): void {
    this.done.push(bar);
    const oldest = bar.time - this.keepMs;
    while ((this.done[0]?.time ?? oldest) < oldest) this.done.shift();
  }
}
