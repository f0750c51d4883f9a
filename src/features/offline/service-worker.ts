/**
 * Registers the service worker with workbox-window (loaded after the first render, never in the
 * first page's critical path), offers a new version instead of forcing it, and tells the worker
 * to forget a wallet's cached answers when that wallet leaves (logout, account switch, `500`).
 */
import { effect, signal } from '@preact/signals-react';
import type { Workbox } from 'workbox-window';
import type { PageMessage } from '../../../protocol/offline.ts';
import { map, whenPersisted } from '../../app/store.ts';
import { closeStreams } from '../markets/live.ts';

/** True while a new version waits for the user's yes. */
export const updateWaiting = signal(false);

let workbox: Workbox | null = null;
const HOUR = 3600_000;
const TAKEOVER_WAIT_MS = 4000;

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  // A worker that finished installing while an older one controls the page waits here.
  wb.addEventListener('waiting', () => {
    updateWaiting.value = true;
  });
  await wb.register();
  // Installed apps stay open for days: look for a new version now and then, and on return.
  setInterval(() => void wb.update(), HOUR);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
}

/** The user said yes: the waiting worker takes over and the page reloads once it controls. */
export function acceptUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  closeStreams();
  workbox.messageSkipWaiting();
  // Should some other request still hold the old worker, the reload lets it go; the new worker
  // then takes over as soon as it may (its skip-waiting flag stays set).
  setTimeout(() => window.location.reload(), TAKEOVER_WAIT_MS);
}

export function dismissUpdate(): void {
  updateWaiting.value = false;
}

function tellWorker(message: PageMessage): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

/** When the signed-in wallet changes or leaves, its cached records go with it. */
export function purgeOnWalletChange(): void {
  let previous = map.address.peek().toLowerCase();
  effect(() => {
    const next = map.address.value.toLowerCase();
    // After the store has the new state: from then on the worker keys reads by the new wallet.
    if (previous && next !== previous)
      void whenPersisted().then(() => tellWorker({ type: 'purge-user-reads' }));
    previous = next;
  });
}
