/**
 * The shapes the wallet code passes around: the injected EIP-1193 provider, its EIP-6963
 * announcement, the chosen provider and the connected wallet. Their own file so that ./onboard.ts
 * (web3-onboard, loaded later) and ./wallet.ts (which loads it) share them without importing each
 * other, and so that a caller needing only a type (the wallet deposit) names no wallet code.
 */

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

/** The part of an EIP-1193 provider the wallet code uses. */
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
