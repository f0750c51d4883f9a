/**
 * Building and checking EIP-4361 login messages. The server writes the message, so it knows the
 * exact text a wallet must sign; on login it compares the text byte for byte and re-checks every
 * field itself rather than trusting a parser's defaults.
 */
import { randomBytes } from 'node:crypto';
import { getAddress, type Hex, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { CHALLENGE_TTL_MS, SIWE_STATEMENT } from '../../../protocol/account.ts';

export interface SiweOrigin {
  /** `host[:port]`, what the wallet compares with the page's origin. */
  domain: string;
  /** The app's origin URL. */
  uri: string;
}

/** 128 bits from the OS's secure random source, as 32 hex characters (alphanumeric, per EIP-4361). */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export function buildLoginMessage(input: {
  origin: SiweOrigin;
  address: string;
  chainId: number;
  nonce: string;
  now: number;
}): { message: string; expiresAt: number } {
  const expiresAt = input.now + CHALLENGE_TTL_MS;
  const message = createSiweMessage({
    domain: input.origin.domain,
    uri: input.origin.uri,
    address: getAddress(input.address),
    chainId: input.chainId,
    nonce: input.nonce,
    statement: SIWE_STATEMENT,
    version: '1',
    issuedAt: new Date(input.now),
    expirationTime: new Date(expiresAt),
  });
  return { message, expiresAt };
}

export type LoginCheck = 'ok' | 'invalid' | 'expired';

/** Every field of a presented message against what the server issued and expects now. */
export function checkLoginMessage(
  message: string,
  expected: { origin: SiweOrigin; address: string; chainId: number; nonce: string; now: number },
): LoginCheck {
  const parsed = parseSiweMessage(message);
  if (
    parsed.domain !== expected.origin.domain ||
    parsed.uri !== expected.origin.uri ||
    parsed.statement !== SIWE_STATEMENT ||
    parsed.version !== '1' ||
    parsed.nonce !== expected.nonce ||
    parsed.chainId !== expected.chainId ||
    !parsed.address ||
    parsed.address.toLowerCase() !== expected.address.toLowerCase() ||
    !parsed.issuedAt ||
    !parsed.expirationTime
  ) {
    return 'invalid';
  }
  // Issued by us within the challenge lifetime; a clock skew of a few seconds is tolerated.
  const issuedAt = parsed.issuedAt.getTime();
  if (issuedAt > expected.now + 5_000) return 'invalid';
  if (parsed.expirationTime.getTime() <= expected.now || expected.now - issuedAt > CHALLENGE_TTL_MS) {
    return 'expired';
  }
  return 'ok';
}

/**
 * An externally owned account's personal_sign signature. Contract wallets (EIP-1271) would need
 * an RPC call to the chain, which this server does not make; see docs/wallets.md.
 */
export async function signatureMatches(
  address: string,
  message: string,
  signature: string,
): Promise<boolean> {
  try {
    return await verifyMessage({ address: getAddress(address), message, signature: signature as Hex });
  } catch {
    return false;
  }
}
