/**
 * Demo deposit keys. NOT FOR PRODUCTION.
 *
 * These two account-level extended PUBLIC keys come from the published test mnemonic
 * `test test test test test test test test test test test junk` (the default of Hardhat and Anvil).
 * Everyone knows that mnemonic, so anyone can spend whatever is sent to addresses derived from it:
 * they hold nothing and must never receive real funds. A production deployment must replace them
 * with the operator's own xpubs (see docs/deposit-addresses.md).
 *
 * Derived once, offline, with @scure/bip39 + @scure/bip32; the test in derive.test.ts re-derives them
 * from the mnemonic and checks that they match.
 */

/** Account xpub of `m/44'/60'/0'` (EVM chains: ERC20, BEP20). Address i is `m/44'/60'/0'/0/i`. */
export const DEMO_EVM_ACCOUNT_XPUB =
  'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';

/** Account xpub of `m/44'/195'/0'` (TRON: TRC20). Address i is `m/44'/195'/0'/0/i`. */
export const DEMO_TRON_ACCOUNT_XPUB =
  'xpub6BuRy7ZmkGfP2RWhoor1kWB1w9DvrtmJbFBvnC1bQ4SB5NbCHTyQYCJSXZtxDbFyHTmC7wkU2he3nYYdpZ3Vf6qUAkXSnL6RPif4BDtDEKr';

/** Bitcoin native SegWit account m/84'/0'/0' of the same published test mnemonic (demo only). */
export const DEMO_BITCOIN_ACCOUNT_XPUB =
  'xpub6C4SXHaqSMPK8MGL7bWjvS8WQnhoadsaXv2mnBcjAv142P2TivoC7s7ukNRYxETJZGc3JNzDKHQAGH5N3oQhQgkpwk6WrMtJB4eG2fpRAsV';

const PUBLIC_TEST_XPUBS = new Set([DEMO_EVM_ACCOUNT_XPUB, DEMO_TRON_ACCOUNT_XPUB, DEMO_BITCOIN_ACCOUNT_XPUB]);

/** Whether `xpub` comes from the published test mnemonic: whatever reaches its addresses is anyone's. */
export function isPublicTestXpub(xpub: string): boolean {
  return PUBLIC_TEST_XPUBS.has(xpub.trim());
}
