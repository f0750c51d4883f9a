/**
 * web3-onboard, loaded by `wallet.ts` on the first connect only (never in the first page's bundle).
 *
 * Under the app's Content-Security-Policy (`style-src 'self'`, no 'unsafe-inline') web3-onboard's
 * UI cannot be used, and merely initialising it logs CSP violations: `init()` always mounts its
 * Svelte app into a shadow root on an `<onboard-v2>` element in `<body>` and fills it with `<style>`
 * elements, adds an `@font-face` `<style>` to `<body>`, and, with notifications on (the default),
 * renders their container with a `style` attribute. What we do instead (measured in
 * tests/e2e/wallet-probe.spec.ts, see docs/wallets.md):
 * - `<onboard-v2>` is defined by us before web3-onboard does, with an `attachShadow` that hands out
 *   the shadow root of an element never attached to the document: `<style>` elements there are not
 *   applied, so not checked (style *attributes* are checked even there, hence the next points);
 * - `notify: { enabled: false }` at init, `disableFontDownload`, account center off;
 * - every connect uses `autoSelect` with `disableModals`, so no modal is ever rendered.
 * The wallet logic (discovery, connection, account and chain tracking, `state`) runs as usual.
 */
import Onboard, { type OnboardAPI, type WalletState } from '@web3-onboard/core';
import injectedModule from '@web3-onboard/injected-wallets';
import type { Eip1193Provider } from './wallet-types.ts';

/**
 * The chains web3-onboard knows: id, token and label only, no `rpcUrl`, so it never calls an RPC
 * of its own. Ethereum mainnet (0x1) and Sepolia (0xaa36a7) are left out on purpose: when the wallet
 * is on one of them (or on Polygon, Optimism, Arbitrum or zkSync, which it maps to 0x1) and that ENS
 * chain is in this list, web3-onboard resolves the account's ENS name through viem's default public
 * RPC even without an `rpcUrl`. Listing a chain only means web3-onboard asks the wallet itself for
 * the balance (`eth_getBalance`); the login works on any chain the wallet is on.
 */
export const ONBOARD_CHAINS = [{ id: '0x38', token: 'BNB', label: 'BNB Smart Chain' }] as const;

/**
 * After the wallet granted the account, web3-onboard reports it within a few hundred milliseconds;
 * past this the connect goes on with the injected provider directly.
 */
const SETTLE_MS = 10_000;

const ONBOARD_ELEMENT = 'onboard-v2';

/** `eip6963:announceProvider` is listened for from here on (the module collects announcements). */
const injected = injectedModule();

let api: OnboardAPI | null = null;
/** web3-onboard's own promise of the last connect: it settles 1.5 s after the wallet is reported. */
let previousConnect: Promise<unknown> = Promise.resolve();

/** Makes web3-onboard's `<onboard-v2>` host hand out a shadow root that is never in the document. */
function keepUiDetached(): void {
  if (customElements.get(ONBOARD_ELEMENT)) return;
  customElements.define(
    ONBOARD_ELEMENT,
    class DetachedOnboardHost extends HTMLElement {
      override attachShadow(init: ShadowRootInit): ShadowRoot {
        return document.createElement('div').attachShadow(init);
      }
    },
  );
}

/** web3-onboard's warning whenever `notify` is given, even to switch notifications off. */
const NOTIFY_DEPRECATION = 'Support for notifications on transaction state changes have been deprecated';

/**
 * Runs `init` with that one warning left out of the console: the option it warns about is the
 * only way to keep web3-onboard from rendering a container the CSP refuses (below), so the
 * warning would show on every connect and say nothing. Every other warning passes.
 */
function withoutNotifyDeprecation<T>(init: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(NOTIFY_DEPRECATION)) return;
    warn(...args);
  };
  try {
    return init();
  } finally {
    console.warn = warn;
  }
}

function onboard(): OnboardAPI {
  if (api) return api;
  keepUiDetached();
  api = withoutNotifyDeprecation(() =>
    Onboard({
      wallets: [injected],
      chains: ONBOARD_CHAINS.map((chain) => ({ ...chain })),
      accountCenter: { desktop: { enabled: false }, mobile: { enabled: false } },
      connect: {
        showSidebar: false,
        autoConnectLastWallet: false,
        autoConnectAllPreviousWallet: false,
        removeWhereIsMyWalletWarning: true,
        removeIDontHaveAWalletInfoLink: true,
      },
      // Off from the start: enabled (the default) at init, it renders its container with a style
      // attribute, a CSP violation even in a detached tree.
      notify: { enabled: false },
      disableFontDownload: true,
    }),
  );
  return api;
}

export interface OnboardConnection {
  label: string;
  provider: Eip1193Provider;
  address: string;
  /** Hex, as web3-onboard keeps it. */
  chainId: string | null;
}

function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function toConnection(wallet: WalletState | undefined): OnboardConnection | null {
  const account = wallet?.accounts[0];
  if (!wallet || !account) return null;
  return {
    label: wallet.label,
    provider: wallet.provider as unknown as Eip1193Provider,
    address: account.address,
    chainId: wallet.chains[0]?.id ?? null,
  };
}

/**
 * Connects an injected wallet through web3-onboard without any modal: `pickLabel` chooses among the
 * labels of the wallets web3-onboard finds. Resolves as soon as web3-onboard's wallet state has the
 * account (its own promise settles 1.5 s later), or null when it does not find the wallet or does not
 * report it in time.
 */
export async function connectInjected(
  pickLabel: (labels: readonly string[]) => string | null,
): Promise<OnboardConnection | null> {
  const instance = onboard();
  // Discover again: wallets may have been injected or announced since the last connect.
  instance.state.actions.setWalletModules([injected]);
  const label = pickLabel(instance.state.get().walletModules.map((module) => module.label));
  if (!label) return null;
  // A connect started while the last one is still winding down would be ignored by web3-onboard.
  await settledWithin(previousConnect, SETTLE_MS);
  await disconnectAll();

  return new Promise((resolve) => {
    let settled = false;
    let subscription: { unsubscribe(): void } | undefined;
    const finish = (connection: OnboardConnection | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
      resolve(connection);
    };
    const timer = setTimeout(() => finish(null), SETTLE_MS);
    subscription = instance.state.select('wallets').subscribe((wallets) => {
      const connection = toConnection(wallets.find((w) => w.label === label));
      if (connection) finish(connection);
    });
    if (settled) subscription.unsubscribe();
    const connecting = instance.connectWallet({ autoSelect: { label, disableModals: true } });
    previousConnect = connecting.catch(() => undefined);
    connecting.then(
      (wallets) => finish(toConnection(wallets.find((w) => w.label === label))),
      (error: unknown) => {
        console.warn('[wallet] web3-onboard connect failed', error);
        finish(null);
      },
    );
  });
}

/** Disconnects every wallet web3-onboard holds. */
export async function disconnectAll(): Promise<void> {
  if (!api) return;
  for (const wallet of api.state.get().wallets) {
    await api.disconnectWallet({ label: wallet.label });
  }
}
