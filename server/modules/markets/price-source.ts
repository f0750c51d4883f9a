/**
 * The price source the server starts with: the simulated feed (the embedded default), or, with
 * `MARKET_FEED=live`, the live source over the feeds the operator bound to instruments (`admin
 * config feed`), every unbound instrument staying simulated (docs/markets.md, "Live feeds").
 */
import type { ServerConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createSimulatedSource, type PriceSource } from './feed.ts';
import { DEMO_INSTRUMENTS } from './instruments.ts';
import { readBindings } from './live/feed-binding.ts';
import { LiveSource } from './live/live-source.ts';
import { listInstruments } from './markets.repository.ts';

export async function configuredPriceSource(
  db: DbOrTx,
  config: Pick<ServerConfig, 'marketFeed' | 'feeds' | 'priceSeed'>,
): Promise<PriceSource> {
  const simulated = createSimulatedSource(DEMO_INSTRUMENTS, { seed: config.priceSeed });
  if (config.marketFeed === 'simulated') return simulated;
  const bindings = await readBindings(db);
  // A bound instrument is priced as the operator configured it (precision, hours), demo or not.
  const configured = (await listInstruments(db)).filter((i) => bindings.has(i.symbol));
  const bound = new Set(configured.map((i) => i.symbol));
  return new LiveSource({
    instruments: [...DEMO_INSTRUMENTS.filter((i) => !bound.has(i.symbol)), ...configured],
    bindings,
    fallback: simulated,
    binance: { streamBase: config.feeds.binanceStream, restBase: config.feeds.binanceRest },
    pyth: { base: config.feeds.pythUrl, apiKey: config.feeds.pythKey },
  });
}
