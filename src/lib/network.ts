/**
 * What the page knows about the network: whether the browser reports a connection, when the data
 * on screen was stored if it came from the service worker's cache, and a counter that goes up each
 * time the connection returns, so screens can fetch again quietly (docs/spec/design.md section 9).
 */
import { signal } from '@preact/signals-react';
import { CACHED_AT_HEADER } from '../../protocol/offline.ts';

// Online unless the browser says otherwise: Node has a navigator without onLine (the server's
// render of the first screen, src/entry-server.tsx).
export const online = signal(typeof navigator === 'undefined' || navigator.onLine !== false);
/** The oldest storage time (epoch ms) of the cached answers shown since the last fresh one. */
export const cachedFrom = signal<number | null>(null);
/** Goes up each time the connection returns: every screen fetches its data again, quietly (use-load.ts). */
export const reconnects = signal(0);

/**
 * How soon the screens ask again after the service worker answered from its cache while the
 * browser reports a connection: a slow network (the worker waits 3 s for it), not a lost one, so
 * no `online` event will come to end the stale banner.
 */
export const STALE_RETRY_MS = 10_000;
let staleRetry: ReturnType<typeof setTimeout> | undefined;

/** Called for every product-call answer: notes whether it came from the cache, and from when. */
export function noteAnswer(headers: Headers): void {
  const stored = Number(headers.get(CACHED_AT_HEADER));
  if (Number.isFinite(stored) && stored > 0) {
    cachedFrom.value = cachedFrom.value === null ? stored : Math.min(cachedFrom.value, stored);
    // Quietly, as on a reconnection, until a fresh answer clears the banner or the browser goes offline.
    if (staleRetry === undefined)
      staleRetry = setTimeout(() => {
        staleRetry = undefined;
        if (online.value && cachedFrom.value !== null) reconnects.value += 1;
      }, STALE_RETRY_MS);
  } else if (online.value) {
    cachedFrom.value = null;
  }
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function watchNetwork(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('offline', () => {
    online.value = false;
  });
  target.addEventListener('online', () => {
    online.value = true;
    reconnects.value += 1;
  });
}
