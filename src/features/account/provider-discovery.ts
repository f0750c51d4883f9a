/**
 * Finding the injected providers of the page: EIP-6963 announcements, the events wallets fire
 * after a late injection, and a poll for those that assign `window.ethereum` without any event.
 * Started on the wallet code's first use (never by the first page); it keeps the announcements for
 * ./provider-choice.ts and tells its watchers whenever the choice may have changed.
 */
import { addAnnouncement, parseAnnouncement, selectProvider } from './provider-choice.ts';
import type { AnnouncedProvider, InjectedGlobals, ProviderChoice } from './wallet-types.ts';

/** How long a connect waits for a provider to appear (docs/spec/product.md section 9: trusted-wallet init). */
export const PROVIDER_WAIT_MS = 3000;
/** Events wallets fire once their late injection is done (MetaMask mobile, Trust Wallet). */
const INITIALIZED_EVENTS = ['ethereum#initialized', 'trustwallet#initialized'] as const;

let announced: readonly AnnouncedProvider[] = [];
let discoveryStarted = false;
/** Called on every announcement and late injection: waits for a provider, the account listener. */
export const discoveryWatchers = new Set<() => void>();
/** A full wait found no provider: later reads do not wait again. */
let waitExhausted = false;

/** The EIP-6963 announcements heard so far. */
export function announcedProviders(): readonly AnnouncedProvider[] {
  return announced;
}

/** Whether a full wait already found no provider (later reads then do not wait again). */
export function providerWaitExhausted(): boolean {
  return waitExhausted;
}

function globals(): InjectedGlobals {
  return window as unknown as InjectedGlobals;
}

function notifyDiscoveryWatchers(): void {
  for (const watcher of [...discoveryWatchers]) watcher();
}

function onAnnounce(event: Event): void {
  const entry = parseAnnouncement((event as CustomEvent<unknown>).detail);
  if (!entry) return;
  announced = addAnnouncement(announced, entry);
  notifyDiscoveryWatchers();
}

/** Listens for EIP-6963 announcements and late injections from the first use on. */
export function startDiscovery(): void {
  if (discoveryStarted || typeof window === 'undefined') return;
  discoveryStarted = true;
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  for (const name of INITIALIZED_EVENTS) window.addEventListener(name, notifyDiscoveryWatchers);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

export function currentChoice(): ProviderChoice | null {
  startDiscovery();
  return selectProvider(globals(), announced);
}

/** Resolves with a provider as soon as one is there, or null after `timeoutMs`. */
export function waitForProvider(timeoutMs: number): Promise<ProviderChoice | null> {
  const now = currentChoice();
  if (now || timeoutMs <= 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const check = () => {
      const choice = selectProvider(globals(), announced);
      if (choice) finish(choice);
    };
    // Polling catches wallets that assign `window.ethereum` without any event.
    const poll = setInterval(check, 100);
    const timer = setTimeout(() => {
      waitExhausted = true;
      finish(null);
    }, timeoutMs);
    function finish(choice: ProviderChoice | null) {
      clearInterval(poll);
      clearTimeout(timer);
      discoveryWatchers.delete(check);
      resolve(choice);
    }
    discoveryWatchers.add(check);
  });
}
