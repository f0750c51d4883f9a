/**
 * The account feature, as other features use it: the connect button and the address chip they
 * show, and the wallet as far as a screen sends from it (its errors, the EIP-1193 provider type
 * and the loader of the wallet module). The wallet module itself (./wallet.ts) loads on demand
 * through `loadWallet`, never with the first page, which imports this file (home's screen shows
 * the button).
 */
export { AddressChip } from './AddressChip.tsx';
export { ConnectButton } from './ConnectButton.tsx';
export { WalletError, walletErrorMessageKey } from './wallet-errors.ts';
export { loadWallet } from './wallet-loader.ts';
export type { Eip1193Provider } from './wallet-types.ts';
