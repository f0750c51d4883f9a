/**
 * The service worker (docs/spec/design.md section 9). It precaches the app shell, its chunks, the locale
 * bundles and the icons, so a second visit opens with no network; answers every navigation with
 * the shell; keeps read-only product calls network-first with a cache per wallet; and lets every
 * mutating call go straight to the network: nothing is queued or replayed. A new version waits
 * until the page's user accepts it.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isPageMessage } from '../protocol/offline.ts';
import { installPushHandlers } from './push.ts';
import { keepReads, networkFirstRead, purgeWalletReads } from './read-cache.ts';
import { cacheableCode } from './read-key.ts';
import { currentReader } from './wallet-record.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker serves the page that installed it at once, so even the first visit's reads
// are kept for offline. A later version only takes over after the user said yes (SKIP_WAITING).
clientsClaim();

// Every route of the single-page app is the shell; the API, the tick stream and the health check
// are not pages, and the operator's console (/ops, ops.html) is a page of its own that the server
// answers, never this worker.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/adc\//, /^\/healthz/, /^\/ops/],
  }),
);

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'POST') return;
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  const code = cacheableCode(url);
  // Mutating and uncacheable calls are not touched at all: the browser sends them as the page
  // made them, or fails them when offline.
  if (!code) return;
  event.respondWith(currentReader().then((reader) => networkFirstRead(event, code, reader)));
});

self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isPageMessage(message)) return;
  if (message.type === 'purge-user-reads') event.waitUntil(purgeWalletReads());
  if (message.type === 'keep-reads') event.waitUntil(keepReads(message.reads));
  if (message.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  if (message.type === 'claim') event.waitUntil(self.clients.claim());
});

// Announcement notifications: show on push, open the announcement on tap (sw/push.ts).
installPushHandlers(self);
