/**
 * Deposits: per-user deposit addresses derived from the operator's keys, and the chain watcher
 * that credits what arrives. Other modules check an address's form for a chain family and turn an
 * on-chain amount into the coin's units.
 */
export { isValidBitcoinAddress, isValidEvmAddress, isValidTronAddress } from './derive.ts';
export { amountAt } from './evm-watcher.ts';
