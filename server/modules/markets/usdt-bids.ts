/**
 * Coins valued in USDT at the bid of their USDT market: what selling them would fetch now, the
 * price the flash exchange starts from. A coin without such a market, or a server without the
 * market engine, has no price rather than a guessed one.
 */
import type { MarketEngine } from './engine.ts';

export const QUOTE = 'USDT';

/** The bid of each coin's USDT market, for the coins that have one (USDT itself is left out). */
export async function usdtBids(
  engine: MarketEngine | null,
  symbols: readonly string[],
  now: number,
): Promise<Map<string, string>> {
  const bids = new Map<string, string>();
  if (!engine) return bids;
  for (const coin of symbols) {
    const market = `${coin}${QUOTE}`;
    if (coin !== QUOTE && (await engine.instrument(market))) bids.set(coin, engine.quote(market, now).bid);
  }
  return bids;
}
