/**
 * The user's signature that authorizes a withdrawal (docs/withdrawals.md, "The wallet signs"): an
 * EIP-712 typed-data signature by the session's own wallet over the destination, coin, chain,
 * amount, fee, a single-use server nonce and an expiry. 10023 issues the terms to sign; 10025
 * takes them back with the signature. A session cookie alone can no longer move money out.
 *
 * Both sides build the typed data from here: the page asks the wallet to sign exactly what the
 * server verifies.
 */
import * as v from 'valibot';

/** How long the terms of 10023 may be signed and submitted. */
export const WITHDRAWAL_AUTHORIZATION_TTL_MS = 5 * 60_000;

/**
 * The signing domain. No chainId: the signature authorizes a request to this platform, not a
 * contract call on a chain, and wallets then sign whatever network they are connected to.
 */
export const WITHDRAWAL_DOMAIN = { name: 'Meridian', version: '1' } as const;

export const WITHDRAWAL_TYPES = {
  Withdrawal: [
    { name: 'to', type: 'string' },
    { name: 'coin', type: 'string' },
    { name: 'chain', type: 'string' },
    { name: 'amount', type: 'string' },
    { name: 'fee', type: 'string' },
    { name: 'nonce', type: 'string' },
    { name: 'expiry', type: 'uint64' },
  ],
} as const;

/** The terms 10023 answers with and the wallet signs (amounts as the platform shows them). */
export interface WithdrawalTerms {
  to: string;
  coin: string;
  chain: string;
  amount: string;
  fee: string;
  /** Single use, issued by the server. */
  nonce: string;
  /** Unix seconds after which the server refuses the signature. */
  expiry: number;
}

/** The EIP-712 payload of `terms`, as `eth_signTypedData_v4` and viem's verifyTypedData take it. */
export function withdrawalTypedData(terms: WithdrawalTerms) {
  return {
    domain: WITHDRAWAL_DOMAIN,
    types: WITHDRAWAL_TYPES,
    primaryType: 'Withdrawal' as const,
    message: { ...terms, expiry: BigInt(terms.expiry) },
  };
}

/** The same payload as JSON text for `eth_signTypedData_v4` (which also names the domain's fields). */
export function withdrawalTypedDataJson(terms: WithdrawalTerms): string {
  return JSON.stringify({
    domain: WITHDRAWAL_DOMAIN,
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
      ],
      ...WITHDRAWAL_TYPES,
    },
    primaryType: 'Withdrawal',
    message: terms,
  });
}

/** A 65-byte secp256k1 signature as hex. */
export const signatureField = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130}$/));
/** 10023's nonces: 32 random bytes as hex. */
export const nonceField = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/));
