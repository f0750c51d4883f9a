/**
 * Wallet login (EIP-4361, Sign-In with Ethereum) and the user: 10001 challenge, 10002 login,
 * 10003 logout, 10008 user info.
 */
import * as v from 'valibot';
import { requestId } from './validation.ts';

/** The statement every login message carries (docs/spec/product.md section 9: the signed text is DAPP). */
export const SIWE_STATEMENT = 'DAPP';
/** A challenge is valid this long after it was issued. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const evmAddress = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/));

export const challengeRequest = v.object({
  address: evmAddress,
  chainId: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/), v.transform(Number), v.maxValue(2 ** 31 - 1)),
});
export type ChallengeRequest = v.InferOutput<typeof challengeRequest>;

export interface ChallengeResponse {
  /** The exact EIP-4361 text the wallet signs with personal_sign. */
  message: string;
  nonce: string;
  /** Unix milliseconds. */
  expiresAt: number;
}

/** An invitation code as users share it: capital letters and digits. */
export const inviteCode = v.pipe(v.string(), v.regex(/^[A-Z0-9]{6,12}$/));

export const loginRequest = v.object({
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(1500)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130}$/)),
  inviteCode: v.optional(inviteCode),
  requestId,
});
export type LoginRequest = v.InferOutput<typeof loginRequest>;

export interface UserInfo {
  /** EIP-55 checksummed; the username of docs/spec/product.md section 3. */
  address: string;
  /** The user's own code to invite others. */
  inviteCode: string;
  /** The inviter's address, or null. */
  inviter: string | null;
  /** Unix milliseconds. */
  createdAt: number;
}

export interface LoginResponse {
  /** A handle for this session, safe to keep in script-readable storage (not the credential). */
  token: string;
  user: UserInfo;
  /** What happened to the invitation code sent with the login. */
  invite: 'bound' | 'invalid' | 'ignored' | null;
}
