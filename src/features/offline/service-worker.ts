/**
 * What the first page needs of the service worker: whether a new version waits (App shows the
 * prompt), and telling the worker to forget a wallet's cached answers when that wallet leaves
 * (logout, account switch, `500`). Registering it, and taking a new version, are in
 * registration.ts, loaded once the page is idle.
 */
import { effect, signal } from '@preact/signals-react';
import type { PageMessage } from '../../../protocol/offline.ts';
import { map, whenPersisted } from '../../app/store.ts';

/** True while a new version waits for the user's yes. */
export const updateWaiting = signal(false);

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
