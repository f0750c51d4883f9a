/**
 * Accounts: the wallets that signed in, their sign-in challenges and sessions. Other modules read
 * and lock a wallet's row in the users table (its inviter and invite code, its existence).
 */
export { users } from './account.schema.ts';
// The operator console's sign-in (server/ops) binds its messages to the same origin and checks
// signatures the same way, on its own challenges and sessions.
export { hashSecret, siweOrigin } from './session.ts';
export { newNonce, type SiweOrigin, signatureMatches } from './siwe.ts';
