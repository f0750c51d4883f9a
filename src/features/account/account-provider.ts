/**
 * The provider whose account the session follows (the one connected in this page, else the
 * preferred injected one) and the `accountsChanged` listener kept on it. The listener moves
 * whenever a connect, a disconnect or a late injection changes that provider, so the session
 * hears the wallet it signed in with, and never two wallets at once.
 */
import { currentChoice } from './provider-discovery.ts';
import { firstAccount } from './provider-values.ts';
import type { Eip1193Provider } from './wallet-types.ts';

/** The provider of the last successful connect in this page, until disconnect. */
let connected: { provider: Eip1193Provider; label: string } | null = null;

/** Records the connect's provider (or, with null, the disconnect); call `retargetAccountListeners` after. */
export function setConnected(next: { provider: Eip1193Provider; label: string } | null): void {
  connected = next;
}

/** Whether a connect in this page gave us a provider (so there is nothing to wait for). */
export function isConnected(): boolean {
  return connected !== null;
}

/** The provider whose account the session follows: the connected one, else the preferred one. */
export function accountProvider(): Eip1193Provider | null {
  return connected?.provider ?? currentChoice()?.provider ?? null;
}

type AccountCallback = (account: string | null) => void;

/** The session's callbacks (`onAccountsChanged` in ./wallet.ts adds and removes them). */
export const accountCallbacks = new Set<AccountCallback>();
let listenedProvider: Eip1193Provider | null = null;

/** Whether a provider is listened on now. */
export function isListening(): boolean {
  return listenedProvider !== null;
}

function onProviderAccountsChanged(accounts: unknown): void {
  const account = firstAccount(accounts);
  for (const callback of [...accountCallbacks]) {
    try {
      callback(account);
    } catch (error) {
      console.error('[wallet] accountsChanged callback failed', error);
    }
  }
}

/** Listens on the provider the session follows; moves when that provider changes. */
export function retargetAccountListeners(): void {
  const target = accountCallbacks.size > 0 ? accountProvider() : null;
  if (target === listenedProvider) return;
  listenedProvider?.removeListener?.('accountsChanged', onProviderAccountsChanged);
  listenedProvider = null;
  if (target?.on) {
    target.on('accountsChanged', onProviderAccountsChanged);
    listenedProvider = target;
  }
}
