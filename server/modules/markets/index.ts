/**
 * Markets: the instruments, their prices and candles, served by the market engine. Other modules
 * take prices from the engine (a service: `ctx.services.markets`), value coins at the bid of their
 * USDT market, and reference the instruments table.
 */
export type { MarketEngine } from './engine.ts';
export { instrumentKey, instruments } from './markets.schema.ts';
export { QUOTE, usdtBids } from './usdt-bids.ts';
