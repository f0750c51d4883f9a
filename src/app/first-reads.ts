/**
 * The reads the first screen starts with, begun by `src/main.tsx` while the screens' code is still
 * loading (`startRead` in src/lib/api.ts): on a cold start of a list page, the data's round trip
 * then overlaps the start-up instead of following the first render. Only what the screen will ask
 * for in the same words; a read the screen does not take is dropped unused.
 */

import type { GlobalConfig } from '../../protocol/config.ts';
import type { Language } from '../../protocol/languages.ts';
import { startMarketsRead } from '../features/markets/api.ts';
import { categoryOf, MARKET_LIST_DEFAULTS, TICKER_CATEGORY } from '../features/markets/paths.ts';
import { startAnnouncementsRead } from '../features/news/api.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { paths } from './paths.ts';

export function startFirstReads(
  location: { pathname: string; search: string },
  language: Language,
  config: GlobalConfig | null,
): void {
  // With the configuration of an earlier visit, a switched-off feature asks nothing.
  const marketsOn = config?.features.markets !== false;
  const listDefault = MARKET_LIST_DEFAULTS[location.pathname];
  const reads: (() => void)[] = [];
  if (listDefault && marketsOn) reads.push(() => startMarketsRead(categoryOf(location.search, listDefault)));
  if (location.pathname === paths.news.path) reads.push(() => startAnnouncementsRead(language));
  if (location.pathname === paths.home.path) {
    // The ticker strip and the latest announcement (src/features/home/HomePage.tsx).
    if (marketsOn) reads.push(() => startMarketsRead(TICKER_CATEGORY));
    reads.push(() => startAnnouncementsRead(language));
  }
  void startEachInItsOwnTask(reads);
}

/**
 * The first read at once, each further one after a yield: sending a request costs the page's
 * main thread several milliseconds (more with DevTools attached, as under Lighthouse, which
 * records each request's initiator), and two or three in a row were one long task of start-up.
 */
async function startEachInItsOwnTask(reads: (() => void)[]): Promise<void> {
  for (const [index, read] of reads.entries()) {
    if (index > 0) await yieldToMain();
    read();
  }
}
