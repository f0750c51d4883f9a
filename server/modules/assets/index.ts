/**
 * The assets module's public surface: what a statement (server/modules/statements) needs to name
 * the demo faucet's entries among the records it lists.
 */
export { FAUCET_MEMO } from './faucet.ts';
