/**
 * Favourite markets, kept per wallet on this device (the signed-out visitor has a list of their
 * own): in localStorage, so they are there offline and from the first render. A signal holds the
 * list of whoever is signed in now; the markets list, its Favourites tab and the instrument
 * screen's star read it.
 */
import { computed, signal } from '@preact/signals-react';
import { currentUser } from '../../app/store.ts';

const KEY_PREFIX = 'meridian.favourites.';
/** Bumped on every change here or in another tab, so the computed list reads storage again. */
const version = signal(0);

function storageKey(): string {
  return `${KEY_PREFIX}${currentUser()?.username.toLowerCase() ?? 'guest'}`;
}

function read(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    // No storage (a private mode that refuses it) or a damaged value: no favourites.
    return [];
  }
}

/** The signed-in wallet's favourite symbols, in the order they were starred. */
export const favourites = computed(() => {
  version.value;
  return read(storageKey());
});

export function isFavourite(symbol: string): boolean {
  return favourites.value.includes(symbol);
}

/** Stars or unstars `symbol` for the signed-in wallet (or the visitor). */
export function toggleFavourite(symbol: string): void {
  const key = storageKey();
  const list = read(key);
  const next = list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol];
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or refused: the star does not stick, as the next read will show.
  }
  version.value += 1;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(KEY_PREFIX)) version.value += 1;
  });
}
