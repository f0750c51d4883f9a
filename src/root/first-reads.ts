/**
 * The reads the first screen starts with, begun by `src/main.tsx` while the screens' code is still
 * loading (`startRead` in src/lib/api.ts): on a cold start of a list page, the data's round trip
 * then overlaps the start-up instead of following the first render. Only what the screen will ask
 * for in the same words; a read the screen does not take is dropped unused.
 */

import type { GlobalConfig } from '../../protocol/config.ts';
import type { Language } from '../../protocol/languages.ts';
import { marketsRead } from '../features/markets/api.ts';
import { categoryOf, MARKET_LIST_DEFAULTS, TICKER_CATEGORY } from '../features/markets/paths.ts';
import { announcementsRead } from '../features/news/api.ts';
import { type Read, startRead } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';

/** The configuration's read (00000), which a page may bring answered (src/main.tsx). */
export const CONFIG_READ: Read = { code: '00000', fields: {} };

/** Whether an answer's `data` is a configuration (as `globalConfig` tells a stored one). */
export function isGlobalConfig(data: unknown): data is GlobalConfig {
  return typeof data === 'object' && data !== null && 'coins' in data && 'features' in data;
}

/** What the screen at `location` reads first (also what the server answers with the page). */
export function firstReadsOf(
  location: { pathname: string; search: string },
  language: Language,
  config: GlobalConfig | null,
): Read[] {
  // With the configuration of an earlier visit, a switched-off feature asks nothing.
  const marketsOn = config?.features.markets !== false;
  const listDefault = MARKET_LIST_DEFAULTS[location.pathname];
  const reads: Read[] = [];
  if (listDefault && marketsOn) reads.push(marketsRead(categoryOf(location.search, listDefault)));
  if (location.pathname === paths.news.path) reads.push(announcementsRead(language));
  if (location.pathname === paths.home.path) {
    // The ticker strip and the latest announcement (src/features/home/HomePage.tsx).
    if (marketsOn) reads.push(marketsRead(TICKER_CATEGORY));
    reads.push(announcementsRead(language));
  }
  return reads;
}

export function startFirstReads(
  location: { pathname: string; search: string },
  language: Language,
  config: GlobalConfig | null,
): void {
  void startEachInItsOwnTask(firstReadsOf(location, language, config));
}

/**
 * The first read at once, each further one after a yield: sending a request costs the page's
 * main thread several milliseconds (more with DevTools attached, as under Lighthouse, which
 * records each request's initiator), and two or three in a row were one long task of start-up.
 * A read whose answer the page brought is not sent (`startRead`).
 */
async function startEachInItsOwnTask(reads: Read[]): Promise<void> {
  for (const [index, { code, fields }] of reads.entries()) {
    if (index > 0) await yieldToMain();
    startRead(code, fields);
  }
}
