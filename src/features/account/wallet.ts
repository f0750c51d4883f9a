/**
 * The browser wallet: finding the injected provider, connecting, signing the login message and
 * watching the account the wallet reports (DESIGN.md section 8, SPEC.md sections 4, 8 and 9).
 *
 * web3-onboard is never imported here: `./onboard.ts` is loaded on the first `connectWallet()` only,
 * so it stays out of the first page's bundle. Everything the route guard needs before that
 * (`readConnectedAccount`, `onAccountsChanged`) talks to the injected EIP-1193 provider directly.
 * Addresses are turned into their EIP-55 form by viem, also loaded on demand. See docs/wallets.md.
 */
import { WalletError } from './wallet-errors.ts';

export { isUserRejection } from './provider-errors.ts';
export { WalletError, type WalletErrorKind, walletErrorMessageKey } from './wallet-errors.ts';

/** How long a connect waits for a provider to appear (SPEC.md section 9: trusted-wallet init). */
export const PROVIDER_WAIT_MS = 3000;
/** EIP-6963 `rdns` of Trust Wallet, the trusted wallet. */
export const TRUST_WALLET_RDNS = 'com.trustwallet.app';
/** web3-onboard's label for Trust Wallet (its injected module and Trust's EIP-6963 name agree). */
export const TRUST_WALLET_LABEL = 'Trust Wallet';
/** Events wallets fire once their late injection is done (MetaMask mobile, Trust Wallet). */
const INITIALIZED_EVENTS = ['ethereum#initialized', 'trustwallet#initialized'] as const;

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type DeviceType = 'android' | 'ios' | 'other';

export interface ConnectedWallet {
  /** EIP-55 checksummed. */
  address: string;
  chainId: number;
  /** The wallet's name as web3-onboard labels it, e.g. `MetaMask` or `Trust Wallet`. */
  label: string;
}

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** The part of an EIP-1193 provider this module uses. */
export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on?(event: string, listener: (payload: unknown) => void): unknown;
  removeListener?(event: string, listener: (payload: unknown) => void): unknown;
  readonly isMetaMask?: boolean;
  readonly isTrust?: boolean;
}

export interface Eip6963ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

export interface AnnouncedProvider {
  readonly info: Eip6963ProviderInfo;
  readonly provider: Eip1193Provider;
}

/** The globals wallets inject: `window` in the browser, a plain object in unit tests. */
export interface InjectedGlobals {
  readonly ethereum?: unknown;
  readonly trustwallet?: unknown;
}

export type ProviderSource = 'trust' | 'ethereum' | 'eip6963';

export interface ProviderChoice {
  readonly provider: Eip1193Provider;
  readonly source: ProviderSource;
  /** The EIP-6963 name the same provider object announced, or null. */
  readonly announcedName: string | null;
}

// ---------------------------------------------------------------------------------------------
// Pure parts (unit-tested in wallet.test.ts)
// ---------------------------------------------------------------------------------------------

export function detectDevice(userAgent: string): DeviceType {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'other';
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  );
}

/** The `detail` of an `eip6963:announceProvider` event, if it is well formed. */
export function parseAnnouncement(detail: unknown): AnnouncedProvider | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { info, provider } = detail as { info?: unknown; provider?: unknown };
  if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return null;
  const { uuid, name, icon, rdns } = info as Record<string, unknown>;
  if (typeof uuid !== 'string' || typeof name !== 'string' || typeof rdns !== 'string') return null;
  if (!uuid || !name.trim()) return null;
  return { info: { uuid, name, icon: typeof icon === 'string' ? icon : '', rdns }, provider };
}

/** Adds or replaces (same uuid or same provider object) an announcement; returns the new list. */
export function addAnnouncement(
  list: readonly AnnouncedProvider[],
  entry: AnnouncedProvider,
): AnnouncedProvider[] {
  const index = list.findIndex((a) => a.info.uuid === entry.info.uuid || a.provider === entry.provider);
  if (index < 0) return [...list, entry];
  const next = [...list];
  next[index] = entry;
  return next;
}

/** Trust Wallet: `window.ethereum` when it says `isTrust`, else `window.trustwallet`, else its announcement. */
export function findTrustedProvider(
  globals: InjectedGlobals,
  announced: readonly AnnouncedProvider[],
): Eip1193Provider | null {
  const { ethereum, trustwallet } = globals;
  if (isEip1193Provider(ethereum) && ethereum.isTrust === true) return ethereum;
  if (isEip1193Provider(trustwallet)) return trustwallet;
  return announced.find((a) => a.info.rdns === TRUST_WALLET_RDNS)?.provider ?? null;
}

/**
 * The provider to use: the trusted wallet first, else the generic `window.ethereum`, else the first
 * wallet that announced itself by EIP-6963 only.
 */
export function selectProvider(
  globals: InjectedGlobals,
  announced: readonly AnnouncedProvider[],
): ProviderChoice | null {
  const nameOf = (provider: Eip1193Provider) =>
    announced.find((a) => a.provider === provider)?.info.name ?? null;
  const trusted = findTrustedProvider(globals, announced);
  if (trusted) return { provider: trusted, source: 'trust', announcedName: nameOf(trusted) };
  if (isEip1193Provider(globals.ethereum)) {
    return { provider: globals.ethereum, source: 'ethereum', announcedName: nameOf(globals.ethereum) };
  }
  const first = announced[0];
  if (first) return { provider: first.provider, source: 'eip6963', announcedName: first.info.name };
  return null;
}

/**
 * Which of web3-onboard's available wallets (`labels`) is the chosen provider, for `autoSelect`.
 * With exactly one available there is nothing to choose. Otherwise: the EIP-6963 name the provider
 * announced, Trust Wallet for the trusted provider, and for a bare `window.ethereum` the injected
 * module's own label for it (MetaMask when it says so).
 */
export function chooseWalletLabel(
  labels: readonly string[],
  choice: ProviderChoice,
  announced: readonly AnnouncedProvider[],
): string | null {
  const [only] = labels;
  if (only === undefined) return null;
  if (labels.length === 1) return only;
  const find = (name: string) => labels.find((l) => l.toLowerCase() === name.toLowerCase());
  const byName = choice.announcedName ? find(choice.announcedName) : undefined;
  if (byName) return byName;
  if (choice.source === 'trust') {
    const trust = find(TRUST_WALLET_LABEL);
    if (trust) return trust;
  }
  const announcedNames = new Set(announced.map((a) => a.info.name.toLowerCase()));
  const injectedLabels = labels.filter((l) => !announcedNames.has(l.toLowerCase()));
  if (choice.provider.isMetaMask === true && injectedLabels.includes('MetaMask')) return 'MetaMask';
  return injectedLabels.find((l) => l !== 'Detected Wallet') ?? injectedLabels[0] ?? only;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The first account of an `eth_accounts` / `accountsChanged` answer, or null. */
export function firstAccount(accounts: unknown): string | null {
  if (!Array.isArray(accounts)) return null;
  const [first] = accounts as unknown[];
  return typeof first === 'string' && ADDRESS.test(first) ? first : null;
}

/** A chain id as wallets report it (`0x38`, `56`, 56) as a number, or null. */
export function parseChainId(value: unknown): number | null {
  let id: number;
  if (typeof value === 'number') id = value;
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) id = Number.parseInt(value, 16);
  else if (typeof value === 'string' && /^[0-9]+$/.test(value)) id = Number(value);
  else return null;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The `personal_sign` data parameter: the message's UTF-8 bytes as 0x-prefixed hex. */
export function utf8ToHex(message: string): `0x${string}` {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(message)) hex += byte.toString(16).padStart(2, '0');
  return hex as `0x${string}`;
}

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

export function isSignature(value: unknown): value is string {
  return typeof value === 'string' && SIGNATURE.test(value);
}

// ---------------------------------------------------------------------------------------------
// Browser state: EIP-6963 discovery, the connected provider, the lazily loaded modules
// ---------------------------------------------------------------------------------------------

type OnboardModule = typeof import('./onboard.ts');

let announced: readonly AnnouncedProvider[] = [];
let discoveryStarted = false;
const discoveryWatchers = new Set<() => void>();
/** The provider of the last successful connect in this page, until disconnect. */
let connected: { provider: Eip1193Provider; label: string } | null = null;
let onboardModule: Promise<OnboardModule> | null = null;
let connecting: Promise<ConnectedWallet> | null = null;
/** A full wait found no provider: later reads do not wait again. */
let providerWaitExhausted = false;

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
function startDiscovery(): void {
  if (discoveryStarted || typeof window === 'undefined') return;
  discoveryStarted = true;
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  for (const name of INITIALIZED_EVENTS) window.addEventListener(name, notifyDiscoveryWatchers);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

function currentChoice(): ProviderChoice | null {
  startDiscovery();
  return selectProvider(globals(), announced);
}

/** Resolves with a provider as soon as one is there, or null after `timeoutMs`. */
function waitForProvider(timeoutMs: number): Promise<ProviderChoice | null> {
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
      providerWaitExhausted = true;
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

function loadOnboard(): Promise<OnboardModule> {
  if (!onboardModule) {
    onboardModule = import('./onboard.ts');
    // A failed chunk load (offline) must not stick: the next tap tries again.
    onboardModule.catch(() => {
      onboardModule = null;
    });
  }
  return onboardModule;
}

let checksumLoader: Promise<(address: string) => string> | null = null;

/** EIP-55 form of an address (viem, loaded on first use). */
async function checksum(address: string): Promise<string> {
  checksumLoader ??= import('viem').then(
    ({ getAddress }) =>
      (value: string) =>
        getAddress(value),
  );
  const getAddress = await checksumLoader.catch((error: unknown) => {
    checksumLoader = null;
    throw error;
  });
  return getAddress(address);
}

/** The provider whose account the session follows: the connected one, else the preferred one. */
function accountProvider(): Eip1193Provider | null {
  return connected?.provider ?? currentChoice()?.provider ?? null;
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/**
 * Waits up to 3000 ms for an injected provider, asks it for the account, then connects it through
 * web3-onboard (injected module only, no modal, account center and notifications off, no RPC).
 */
export async function connectWallet(): Promise<ConnectedWallet> {
  connecting ??= connectOnce().finally(() => {
    connecting = null;
  });
  return connecting;
}

async function connectOnce(): Promise<ConnectedWallet> {
  const choice = await waitForProvider(PROVIDER_WAIT_MS);
  if (!choice) throw new WalletError('connection_timed_out');

  // Load web3-onboard while the wallet shows its prompt.
  const loading = loadOnboard();
  loading.catch(() => {});

  // Ask the wallet ourselves first: web3-onboard only settles on a 4001/-32002 answer and waits for
  // ever on any other error, so after this its own eth_requestAccounts is answered at once.
  let account: string | null;
  try {
    account = firstAccount(await choice.provider.request({ method: 'eth_requestAccounts' }));
  } catch (error) {
    console.warn('[wallet] eth_requestAccounts failed', error);
    throw new WalletError('wallet_account_unavailable', { cause: error });
  }
  if (!account) throw new WalletError('wallet_account_unavailable');

  let onboard: OnboardModule;
  try {
    onboard = await loading;
  } catch (error) {
    console.warn('[wallet] could not load web3-onboard', error);
    throw new WalletError('connection_timed_out', { cause: error });
  }

  const viaOnboard = await onboard
    .connectInjected((labels) => chooseWalletLabel(labels, choice, announced))
    .catch((error: unknown) => {
      console.warn('[wallet] web3-onboard failed', error);
      return null;
    });
  if (!viaOnboard) {
    // web3-onboard did not report the wallet in time: go on with the provider the user just approved.
    console.warn('[wallet] web3-onboard did not report the wallet; using the injected provider directly');
  }
  const provider = viaOnboard?.provider ?? choice.provider;
  const label =
    viaOnboard?.label ??
    choice.announcedName ??
    (choice.source === 'trust' ? TRUST_WALLET_LABEL : 'Detected Wallet');
  const chainId =
    parseChainId(viaOnboard?.chainId) ??
    parseChainId(await provider.request({ method: 'eth_chainId' }).catch(() => null));
  if (chainId === null) throw new WalletError('wallet_account_unavailable');
  let address: string;
  try {
    address = await checksum(viaOnboard?.address ?? account);
  } catch (error) {
    throw new WalletError('connection_timed_out', { cause: error });
  }

  connected = { provider, label };
  retargetAccountListeners();
  return { address, chainId, label };
}

/**
 * `personal_sign` of the UTF-8 message by the connected wallet. A refusal (or any failure) is
 * `wallet_signature_failed`; a wallet now on another account is `wallet_account_switched`.
 */
export async function signMessage(address: string, message: string): Promise<string> {
  const provider = accountProvider();
  if (!provider) throw new WalletError('wallet_signature_failed');
  const current = firstAccount(await provider.request({ method: 'eth_accounts' }).catch(() => null));
  if (current && current.toLowerCase() !== address.toLowerCase()) {
    throw new WalletError('wallet_account_switched');
  }
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] });
  } catch (error) {
    console.warn('[wallet] personal_sign failed', error);
    throw new WalletError('wallet_signature_failed', { cause: error });
  }
  if (!isSignature(signature)) throw new WalletError('wallet_signature_failed');
  return signature;
}

/**
 * The account the wallet reports now (`eth_accounts`, never a prompt), as the wallet spells it (the
 * session guard, its only reader, compares case-insensitively, so no checksum library loads with a
 * signed-in page), or null when there is no wallet or it is locked. Reads the connected provider, else the trusted wallet, else the
 * generic one; waits for a late injection once (up to 3000 ms). Never loads web3-onboard.
 * A failing wallet is `wallet_account_unavailable`.
 */
export async function readConnectedAccount(): Promise<string | null> {
  if (!connected) await waitForProvider(providerWaitExhausted ? 0 : PROVIDER_WAIT_MS);
  const provider = accountProvider();
  if (!provider) return null;
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_accounts' });
  } catch (error) {
    console.warn('[wallet] eth_accounts failed', error);
    throw new WalletError('wallet_account_unavailable', { cause: error });
  }
  return firstAccount(accounts);
}

// --- accountsChanged ---------------------------------------------------------------------------

type AccountCallback = (account: string | null) => void;

const accountCallbacks = new Set<AccountCallback>();
let listenedProvider: Eip1193Provider | null = null;

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
function retargetAccountListeners(): void {
  const target = accountCallbacks.size > 0 ? accountProvider() : null;
  if (target === listenedProvider) return;
  listenedProvider?.removeListener?.('accountsChanged', onProviderAccountsChanged);
  listenedProvider = null;
  if (target?.on) {
    target.on('accountsChanged', onProviderAccountsChanged);
    listenedProvider = target;
  }
}

/**
 * Calls back with the new account (as the wallet spells it, or null when locked or disconnected) on
 * every `accountsChanged` of the wallet. Works before and after web3-onboard is loaded, and picks up
 * a wallet injected after the call. Returns the unsubscribe.
 */
export function onAccountsChanged(callback: (account: string | null) => void): () => void {
  accountCallbacks.add(callback);
  startDiscovery();
  discoveryWatchers.add(retargetAccountListeners);
  retargetAccountListeners();
  // A wallet injected late without any event is caught by this light poll while nobody listens yet.
  const poll = listenedProvider ? null : setInterval(retargetAccountListeners, 500);
  const stopPoll = setTimeout(() => poll && clearInterval(poll), PROVIDER_WAIT_MS * 2);
  return () => {
    if (poll) clearInterval(poll);
    clearTimeout(stopPoll);
    accountCallbacks.delete(callback);
    if (accountCallbacks.size === 0) discoveryWatchers.delete(retargetAccountListeners);
    retargetAccountListeners();
  };
}

/** Disconnects in web3-onboard if it was loaded; the app clears its own state. */
export async function disconnectWallet(): Promise<void> {
  connected = null;
  retargetAccountListeners();
  if (!onboardModule) return;
  try {
    const onboard = await onboardModule;
    await onboard.disconnectAll();
  } catch (error) {
    console.warn('[wallet] disconnect failed', error);
  }
}

/**
 * The provider to send a transaction from as `address` (the signed-in account). After a reload the
 * page has no connected provider yet: the preferred injected one is used, asked for its account
 * without a prompt first and with one if it shows none. Another account there is refused, so a
 * deposit never leaves a wallet the user did not sign in with.
 */
export async function providerFor(address: string): Promise<Eip1193Provider> {
  if (!connected) await waitForProvider(providerWaitExhausted ? 0 : PROVIDER_WAIT_MS);
  const provider = accountProvider();
  if (!provider) throw new WalletError('connection_timed_out');
  let account = firstAccount(await provider.request({ method: 'eth_accounts' }).catch(() => null));
  if (!account) {
    try {
      account = firstAccount(await provider.request({ method: 'eth_requestAccounts' }));
    } catch (error) {
      throw new WalletError('wallet_account_unavailable', { cause: error });
    }
  }
  if (!account) throw new WalletError('wallet_account_unavailable');
  if (account.toLowerCase() !== address.toLowerCase()) throw new WalletError('wallet_account_switched');
  return provider;
}
