/**
 * The assets module's public surface: what a statement (server/modules/statements) needs to read
 * the same records the financial details show, and to name the demo faucet's entries.
 */
export { RECORD_COLUMNS } from './assets.service.ts';
export { FAUCET_MEMO } from './faucet.ts';
