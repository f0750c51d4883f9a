/**
 * Network-first reads with a short time-out (docs/spec/design.md section 9). A read that answers in time is
 * passed through and, when it succeeded, stored; a read that fails or is slow is answered from the
 * cache, marked with the time it was stored so the page can say "offline, data from HH:MM". A
 * slow network answer still lands in the cache when it arrives. A `500` (session ended) purges
 * every wallet's entries. Entries are bounded in number and age.
 */
import { CacheExpiration } from 'workbox-expiration';
import { codePath, isEnvelope, RESP_OK, RESP_SESSION_ENDED } from '../protocol/envelope.ts';
import {
  CACHED_AT_HEADER,
  type KeptRead,
  NETWORK_TIMEOUT_MS,
  READ_CACHE_MAX_AGE_SECONDS,
  READ_CACHE_MAX_ENTRIES,
  READ_CACHE_NAME,
} from '../protocol/offline.ts';
import { cacheableCode, isWalletCode, isWalletKey, type Reader, readKey } from './read-key.ts';
import { currentReader } from './wallet-record.ts';

const expiration = new CacheExpiration(READ_CACHE_NAME, {
  maxEntries: READ_CACHE_MAX_ENTRIES,
  maxAgeSeconds: READ_CACHE_MAX_AGE_SECONDS,
});

export async function purgeWalletReads(): Promise<void> {
  const cache = await caches.open(READ_CACHE_NAME);
  const keys = await cache.keys();
  await Promise.all(keys.filter((k) => isWalletKey(k.url)).map((k) => cache.delete(k)));
}

async function cachedAnswer(key: string): Promise<Response | null> {
  if (await expiration.isURLExpired(key)) return null;
  // Stored with its `x-meridian-cached-at` header: the page reads it as it is.
  return (await (await caches.open(READ_CACHE_NAME)).match(key)) ?? null;
}

/** Stores a successful answer; ends the cached wallets' data on `500`. */
async function remember(key: string, code: string, reader: Reader, response: Response): Promise<void> {
  if (!response.ok) return;
  // Copied before the page reads the body; everything after the first await works on the copy.
  const copy = response.clone();
  const text = await copy.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  if (!isEnvelope(body)) return;
  if (body.respCode === RESP_SESSION_ENDED) {
    await purgeWalletReads();
    return;
  }
  // The page may not have written the new session to its store yet: a wallet's answer is never
  // stored under "nobody signed in".
  if (body.respCode !== RESP_OK || (isWalletCode(code) && !reader.wallet)) return;
  // The wallet may have changed (and its entries been purged) while this answer was on its way:
  // an answer is kept only under the wallet that is still signed in.
  const still = await currentReader();
  if (still.wallet !== reader.wallet || still.language !== reader.language) return;
  const headers = new Headers(copy.headers);
  headers.set(CACHED_AT_HEADER, String(Date.now()));
  const cache = await caches.open(READ_CACHE_NAME);
  await cache.put(key, new Response(text, { status: 200, headers }));
  await expiration.updateTimestamp(key);
  await expiration.expireEntries();
}

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

export async function networkFirstRead(event: FetchEvent, code: string, reader: Reader): Promise<Response> {
  const body = await event.request.clone().text();
  const key = readKey(self.location.origin, code, body, reader);
  const network = fetch(event.request).then(
    (response) => {
      event.waitUntil(remember(key, code, reader, response).catch(() => undefined));
      return response;
    },
    () => null,
  );
  const first = await Promise.race([network, timeout(NETWORK_TIMEOUT_MS)]);
  if (first instanceof Response) return first;
  const cached = await cachedAnswer(key);
  if (cached) {
    // Slow, not failed: let the network answer finish and refresh the cache meanwhile.
    if (first === 'timeout') event.waitUntil(network);
    return cached;
  }
  const late = first === 'timeout' ? await network : null;
  return late ?? Response.error();
}

/**
 * The reads the page made before this worker controlled it (a first visit's configuration and
 * first screen, src/lib/api.ts), asked again here, as the page asks, and kept: that screen then
 * opens offline too. A read kept already stays as it is; an uncacheable one is not asked.
 */
export async function keepReads(reads: readonly KeptRead[]): Promise<void> {
  const reader = await currentReader();
  for (const { code, body } of reads) {
    if (typeof code !== 'string' || typeof body !== 'string') continue;
    const url = new URL(codePath(code), self.location.origin);
    if (cacheableCode(url) !== code) continue;
    const key = readKey(self.location.origin, code, body, reader);
    // Kept and not expired, as a read would be answered from it: an expired one is asked again.
    if (await cachedAnswer(key)) continue;
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: new URLSearchParams(body),
    }).catch(() => null);
    if (response) await remember(key, code, reader, response).catch(() => undefined);
  }
}
