import type { MarketEngine } from '../markets/index.ts';
import type { Prices } from './trading.settlement.ts';

/**
 * The market engine's ticks at `now` for the instruments its source prices, each read once. No
 * database query: handlers call this inside their transaction, and the embedded database has one
 * connection.
 */
export async function pricesAt(engine: MarketEngine, now: number): Promise<Prices> {
  const known = new Set(engine.source.instruments.map((i) => i.symbol));
  const seen = new Map<string, ReturnType<MarketEngine['quote']>>();
  return (symbol) => {
    if (!known.has(symbol)) return undefined;
    let quote = seen.get(symbol);
    if (!quote) {
      quote = engine.quote(symbol, now);
      seen.set(symbol, quote);
    }
    return quote;
  };
}
