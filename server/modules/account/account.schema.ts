import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';

/** A user is a wallet address (lower case); `inviter` is bound once (docs/referral.md). */
export const users = pgTable(
  'users',
  {
    address: text('address').primaryKey(),
    inviteCode: text('invite_code').notNull().unique(),
    inviter: text('inviter'),
    createdAt: createdAt(),
  },
  (t) => [index('users_inviter').on(t.inviter)],
);

/** Login challenges: single use, deleted when redeemed, expired ones swept. */
export const loginChallenges = pgTable('login_challenges', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  chainId: integer('chain_id').notNull(),
  message: text('message').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

/** Sessions by the SHA-256 of their cookie secret; the secret itself is never stored. */
export const sessions = pgTable('sessions', {
  secretHash: text('secret_hash').primaryKey(),
  token: text('token').notNull().unique(),
  address: text('address').notNull(),
  createdAt: createdAt(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  revokedAt: at('revoked_at'),
});
