/**
 * Links that reopen this page inside a wallet app's own browser, where the wallet is injected, in
 * the formats the wallets document: MetaMask's `https://link.metamask.io/dapp/{host and path}`
 * (the URL without its scheme, not encoded) and Trust Wallet's
 * `https://link.trustwallet.com/open_url?coin_id=60&url={encoded URL}` (60: Ethereum's SLIP-44
 * index, the EVM browser). Without the app, both lead to the wallet's download page.
 */
export function metaMaskLink(href: string): string {
  const url = new URL(href);
  return `https://link.metamask.io/dapp/${url.host}${url.pathname}${url.search}`;
}

export function trustWalletLink(href: string): string {
  return `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(href)}`;
}

/** Where a desktop browser gets a wallet: the wallets' own download pages. */
export const WALLET_DOWNLOADS = {
  metaMask: 'https://metamask.io/download/',
  trustWallet: 'https://trustwallet.com/browser-extension',
} as const;
