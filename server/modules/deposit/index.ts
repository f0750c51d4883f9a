/**
 * Deposits: per-user deposit addresses derived from the operator's keys, and the records of what
 * arrived. Other modules check an address's form for a chain family; the chain watcher
 * (server/modules/chain-watch) records and advances what it sees on chain.
 */
export { chainCursors, depositAddresses, deposits } from './deposit.schema.ts';
export { advanceDeposit, detectDeposit, publicTestKeysInUse } from './deposit.service.ts';
export { isValidBitcoinAddress, isValidEvmAddress, isValidTronAddress } from './derive.ts';
