import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, serialId } from '../db/columns.ts';

/**
 * The console's operators (docs/operations.md): a wallet address (lower case) and one role. A
 * removed operator keeps its row (the audit names it) with `removed_at` set, and can be added again.
 */
export const operators = pgTable('operators', {
  address: text('address').primaryKey(),
  role: text('role').notNull(),
  addedBy: text('added_by').notNull(),
  addedAt: at('added_at').notNull().defaultNow(),
  removedAt: at('removed_at'),
});

/** Operator sign-in challenges: single use, as the users' own (login_challenges), but apart from them. */
export const operatorChallenges = pgTable('operator_challenges', {
  nonce: text('nonce').primaryKey(),
  address: text('address').notNull(),
  chainId: integer('chain_id').notNull(),
  message: text('message').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
});

/** Operator sessions by the SHA-256 of their cookie secret; short (protocol/ops.ts OPS_IDLE_MS, OPS_MAX_MS). */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    secretHash: text('secret_hash').primaryKey(),
    address: text('address').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
  },
  (t) => [index('operator_sessions_address').on(t.address)],
);

/**
 * Two-person requests: a command that moves or promises money, waiting for a second operator.
 * `argv` is the command as the CLI takes it; it runs only when approved, as it was asked.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: serialId(),
    command: text('command').notNull(),
    argv: jsonb('argv').$type<string[]>().notNull(),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: at('requested_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
    outcome: text('outcome'),
  },
  (t) => [index('approvals_status').on(t.status, t.id)],
);
