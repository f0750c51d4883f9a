/**
 * Where prices come from: the `PriceSource` interface and its embedded default, a deterministic
 * simulated feed (docs/markets.md, "The simulated feed").
 *
 * The simulation is a pure function of (seed, symbol, time): daily closes are a seeded geometric
 * Brownian motion (with a weak pull back to the instrument's start price) iterated one trading date
 * at a time from an anchor date; inside a session the minute path is a Brownian bridge between the
 * previous close and the day's close; inside a minute the per-second ticks pass through the bar's
 * open, high, low and close. Nothing depends on when or in which order it is asked.
 *
 * This file holds the interface and the factory; the simulation itself is one `Model` per
 * instrument (simulated-model.ts) over its daily closes (daily-closes.ts).
 */
import type { Candle, Instrument, Quote } from '../../../protocol/markets.ts';
import { DEMO_SIMULATION, defaultSimulation, type SimulationParams } from './instruments.ts';
import { Model } from './simulated-model.ts';

export type Awaitable<T> = T | Promise<T>;

/**
 * A source of prices for the configured instruments. The server's price process (one per
 * deployment) asks it for the quote every second, stores its completed 1-minute bars, and
 * backfills history with `minuteBars` and `dailyBars` on first start.
 *
 * A real feed implements it by keeping the latest tick per symbol in memory (from the vendor's
 * stream) and answering history from the vendor's REST API or its own aggregation of ticks; it may
 * return promises for history. Prices are mid prices, decimal strings at the instrument's
 * precision; candle times are bucket starts in Unix ms (1-minute bars on the minute, daily bars at
 * the start of the trading day, `bucketStart('1D', ...)` of interval-buckets.ts).
 */
export interface PriceSource {
  /** True for the simulated feed: the screens then say "simulated prices". */
  readonly simulated: boolean;
  readonly instruments: readonly Instrument[];
  /**
   * The quote at `ms` (normally now): bid, ask, last and the time of the last tick; `open` false
   * while the market is closed, with the price of its last tick. A live feed returns its latest
   * tick at or before `ms`.
   */
  tickAt(symbol: string, ms: number): Quote;
  /** The 1-minute bar in progress at `ms`, from the minute's start up to `ms`; null while closed. */
  currentBar(symbol: string, ms: number): Candle | null;
  /** 1-minute bars whose start lies in [fromMs, toMs), oldest first; none while closed. */
  minuteBars(symbol: string, fromMs: number, toMs: number): Awaitable<Candle[]>;
  /** Daily bars (one per trading date) whose start lies in [fromMs, toMs), oldest first. */
  dailyBars(symbol: string, fromMs: number, toMs: number): Awaitable<Candle[]>;
  /**
   * A live source opens its upstream connections here, in the one process elected to hold them,
   * and calls `moved` with the symbol each time an upstream message moves a quote, so that the
   * engine sends it on at once rather than with the next second's quotes.
   */
  start?(moved?: (symbol: string) => void): void;
  stop?(): void;
  /** Whether `symbol`'s prices are simulated, where a source mixes live and simulated instruments. */
  isSimulated?(symbol: string): boolean;
  /** Where `symbol`'s prices come from, for the operator (`simulated`, `binance:BTCUSDT`, …). */
  sourceOf?(symbol: string): string;
  /**
   * The instruments as the operator configured them now (`admin config instrument`): a source
   * prices each by its current trading hours and precision from here on, without a restart.
   */
  updateInstruments?(instruments: readonly Instrument[]): void;
}

/** The simulated source answers synchronously and its history is available for any time. */
export interface SimulatedSource extends PriceSource {
  readonly simulated: true;
  readonly seed: string;
  isOpen(symbol: string, ms: number): boolean;
  minuteBars(symbol: string, fromMs: number, toMs: number): Candle[];
  dailyBars(symbol: string, fromMs: number, toMs: number): Candle[];
}

export interface SimulatedSourceOptions {
  seed: string | number;
  /** Per-symbol parameters; default DEMO_SIMULATION, then defaultSimulation() by category. */
  simulation?: Readonly<Record<string, SimulationParams>>;
}

/** The quote of an instrument no price has arrived for yet: closed, halted since ever. */
export function noQuoteYet(symbol: string): Quote {
  return { symbol, bid: '0', ask: '0', last: '0', at: 0, open: false, delayedSince: 0 };
}

/**
 * The embedded simulated feed over `instruments`. Same seed, same prices: every answer is a pure
 * function of (seed, symbol, time), whatever was asked before. Prices cover 1970 to 2200.
 */
export function createSimulatedSource(
  instruments: readonly Instrument[],
  options: SimulatedSourceOptions,
): SimulatedSource {
  const seed = String(options.seed);
  const table = options.simulation ?? DEMO_SIMULATION;
  const bySymbol = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  const models = new Map<string, Model>();
  const model = (symbol: string): Model => {
    let found = models.get(symbol);
    if (!found) {
      const instrument = bySymbol.get(symbol);
      if (!instrument) throw new Error(`unknown instrument: ${symbol}`);
      found = new Model(instrument, table[symbol] ?? defaultSimulation(instrument), seed);
      models.set(symbol, found);
    }
    return found;
  };
  return {
    simulated: true,
    seed,
    instruments,
    updateInstruments(configured) {
      for (const next of configured) {
        const known = bySymbol.get(next.symbol);
        if (
          !known ||
          (JSON.stringify(known.hours) === JSON.stringify(next.hours) && known.precision === next.precision)
        )
          continue;
        // A new model over the new hours: the sessions (and so the days the walk steps on) change.
        bySymbol.set(next.symbol, next);
        models.delete(next.symbol);
      }
    },
    isOpen: (symbol, ms) => model(symbol).sessionAt(ms) !== null,
    tickAt: (symbol, ms) => model(symbol).tickAt(ms),
    currentBar: (symbol, ms) => model(symbol).currentBar(ms),
    minuteBars: (symbol, fromMs, toMs) => model(symbol).minuteBars(fromMs, toMs),
    dailyBars: (symbol, fromMs, toMs) => model(symbol).dailyBars(fromMs, toMs),
  };
}
