/**
 * The chain watcher: reads EVM chains for transfers to users' deposit addresses and records and
 * confirms them as deposits (server/modules/deposit). Other modules turn an on-chain amount into a
 * coin's units the way it does.
 */

export { type ChainCoin, evmCoinsOn } from './evm-coins.ts';
export { amountAt } from './evm-watcher.ts';
