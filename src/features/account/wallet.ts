/**
 * The browser wallet's API: connecting, signing the login message, reading and following the
 * account the wallet reports, and the provider a deposit is sent from (docs/spec/design.md section 8,
 * docs/spec/product.md sections 4, 8 and 9). The app loads this module on demand (./wallet-loader.ts); the
 * parts it is built from are beside it: the types (./wallet-types.ts), which provider to use
 * (./provider-choice.ts, ./provider-discovery.ts), the values wallets answer (./provider-values.ts)
 * and the followed provider with its account listener (./account-provider.ts).
 *
 * web3-onboard is never imported here: `./onboard.ts` is loaded on the first `connectWallet()` only,
 * so it stays out of the first page's bundle. Everything the route guard needs before that
 * (`readConnectedAccount`, `onAccountsChanged`) talks to the injected EIP-1193 provider directly.
 * Addresses are turned into their EIP-55 form by viem, also loaded on demand. See docs/wallets.md.
 */
import {
  accountCallbacks,
  accountProvider,
  isConnected,
  isListening,
  retargetAccountListeners,
  setConnected,
} from './account-provider.ts';
import { checksum } from './address-checksum.ts';
import { chooseWalletLabel, TRUST_WALLET_LABEL } from './provider-choice.ts';
import {
  announcedProviders,
  discoveryWatchers,
  PROVIDER_WAIT_MS,
  providerWaitExhausted,
  startDiscovery,
  waitForProvider,
} from './provider-discovery.ts';
import { firstAccount, isSignature, parseChainId, utf8ToHex } from './provider-values.ts';
import { WalletError } from './wallet-errors.ts';
import type { ConnectedWallet, Eip1193Provider } from './wallet-types.ts';

export { isUserRejection } from './provider-errors.ts';
export { WalletError, type WalletErrorKind, walletErrorMessageKey } from './wallet-errors.ts';

export type DeviceType = 'android' | 'ios' | 'other';

/** Which hint to show when no wallet was found (sign-in's "no wallet" message). */
export function detectDevice(userAgent: string): DeviceType {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// web3-onboard, loaded on the first connect, and the connect in flight
// ---------------------------------------------------------------------------------------------

type OnboardModule = typeof import('./onboard.ts');

let onboardModule: Promise<OnboardModule> | null = null;
let connecting: Promise<ConnectedWallet> | null = null;

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
    .connectInjected((labels) => chooseWalletLabel(labels, choice, announcedProviders()))
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

  setConnected({ provider, label });
  retargetAccountListeners();
  return { address, chainId, label };
}

/**
 * `personal_sign` of the UTF-8 message by the connected wallet. A refusal (or any failure) is
 * `wallet_signature_failed`; a wallet now on another account is `wallet_account_switched`.
 */
export function signMessage(address: string, message: string): Promise<string> {
  return signAs(address, 'personal_sign', [utf8ToHex(message), address]);
}

/**
 * `eth_signTypedData_v4` of EIP-712 typed data (its JSON text) by the connected wallet, with the
 * same failures as {@link signMessage}. No approval and no transaction: a signature only.
 */
export function signTypedData(address: string, typedDataJson: string): Promise<string> {
  return signAs(address, 'eth_signTypedData_v4', [address, typedDataJson]);
}

async function signAs(address: string, method: string, params: unknown[]): Promise<string> {
  const provider = accountProvider();
  if (!provider) throw new WalletError('wallet_signature_failed');
  const current = firstAccount(await provider.request({ method: 'eth_accounts' }).catch(() => null));
  if (current && current.toLowerCase() !== address.toLowerCase()) {
    throw new WalletError('wallet_account_switched');
  }
  let signature: unknown;
  try {
    signature = await provider.request({ method, params });
  } catch (error) {
    console.warn(`[wallet] ${method} failed`, error);
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
  if (!isConnected()) await waitForProvider(providerWaitExhausted() ? 0 : PROVIDER_WAIT_MS);
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
  const poll = isListening() ? null : setInterval(retargetAccountListeners, 500);
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
  setConnected(null);
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
  if (!isConnected()) await waitForProvider(providerWaitExhausted() ? 0 : PROVIDER_WAIT_MS);
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
