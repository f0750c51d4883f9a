/**
 * The contract between the page and its service worker (docs/spec/design.md section 9): the header that
 * marks an answer served from the read cache, the messages the page sends, and the cache bounds.
 * Shared by `src/` and `sw/`; no DOM and no worker globals here.
 */

/** On an answer served from the read cache: when it was stored, in epoch milliseconds. */
export const CACHED_AT_HEADER = 'x-meridian-cached-at';

/** How long a read waits for the network before the cached answer is shown. */
export const NETWORK_TIMEOUT_MS = 3000;

/** The read cache holds at most this many answers, none older than this. */
export const READ_CACHE_MAX_ENTRIES = 300;
export const READ_CACHE_MAX_AGE_SECONDS = 7 * 24 * 3600;

export const READ_CACHE_NAME = 'meridian-reads-v1';

/** A read as the page sent it: the code and its form body (`a=1&b=2`). */
export interface KeptRead {
  code: string;
  body: string;
}

/** Messages from the page to the service worker. */
export type PageMessage =
  /** Logout, account switch or a `500`: drop every cached answer that belongs to a wallet. */
  | { type: 'purge-user-reads' }
  /**
   * The first worker took over: the reads the page made before (they went past it), to be asked
   * again and kept.
   */
  | { type: 'keep-reads'; reads: KeptRead[] }
  /** The user accepted the "new version" prompt (workbox-window's `messageSkipWaiting`). */
  | { type: 'SKIP_WAITING' }
  /**
   * The page is not controlled although a worker is active: its navigation started before that
   * worker activated (activation claims only pages already loaded), or it was a hard reload.
   */
  | { type: 'claim' };

export function isPageMessage(value: unknown): value is PageMessage {
  const type = (value as { type?: unknown } | null)?.type;
  if (type === 'keep-reads') return Array.isArray((value as { reads?: unknown }).reads);
  return type === 'purge-user-reads' || type === 'SKIP_WAITING' || type === 'claim';
}
