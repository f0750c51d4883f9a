/**
 * Which injected provider to use, and which of web3-onboard's wallets it is (docs/spec/product.md section 9:
 * the trusted wallet first). Pure functions over the injected globals and the EIP-6963
 * announcements, so the order is unit-tested (wallet.test.ts) without a browser; ./provider-discovery.ts
 * feeds them the page's real state.
 */
import type { AnnouncedProvider, Eip1193Provider, InjectedGlobals, ProviderChoice } from './wallet-types.ts';

/** EIP-6963 `rdns` of Trust Wallet, the trusted wallet. */
export const TRUST_WALLET_RDNS = 'com.trustwallet.app';
/** web3-onboard's label for Trust Wallet (its injected module and Trust's EIP-6963 name agree). */
export const TRUST_WALLET_LABEL = 'Trust Wallet';

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
