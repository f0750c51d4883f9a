/**
 * Accounts: the wallets that signed in, their sign-in challenges and sessions. Other modules read
 * and lock a wallet's row in the users table (its inviter and invite code, its existence).
 */
export { users } from './account.schema.ts';
