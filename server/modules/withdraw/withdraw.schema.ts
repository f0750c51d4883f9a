import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_STATUSES } from '../../../protocol/withdraw.ts';
import { at, createdAt, money, serialId, updatedAt, userWallet } from '../../db/columns.ts';

/** Where a withdrawal goes: the coin, its network and the address on it. */
const destination = () => ({
  coin: text('coin').notNull(),
  chain: text('chain').notNull(),
  address: text('address').notNull(),
});

/** Withdrawal rules per coin and chain (operator configuration). */
export const withdrawRules = pgTable(
  'withdraw_rules',
  {
    coin: text('coin').notNull(),
    chain: text('chain').notNull(),
    fee: money('fee').notNull(),
    min: money('min').notNull(),
    max: money('max').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The withdraw sender reviews withdrawals at or below this amount by itself; null: never. */
    autoLimit: money('auto_limit'),
    /** Above this amount a review needs two different operators (withdrawal_approvals); null: one. */
    dualLimit: money('dual_limit'),
  },
  (t) => [primaryKey({ columns: [t.coin, t.chain] })],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serialId(),
    user: userWallet(),
    ...destination(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    arrival: money('arrival').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    txid: text('txid'),
    /** Blocks on top of the sent transaction as the withdraw sender last saw them; null: not counted. */
    confirmations: integer('confirmations'),
    /** The signed terms' nonce (withdrawal_terms) and the wallet's EIP-712 signature of them. */
    termsNonce: text('terms_nonce'),
    signature: text('signature'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('withdrawals_user').on(t.user), index('withdrawals_status').on(t.status)],
);

/** Every transition, with who made it and why: the status history on the details screen. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: serialId(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('withdrawal_events_withdrawal').on(t.withdrawalId)],
);

/**
 * The terms of a withdrawal issued for the wallet to sign (10023), each usable once before it
 * expires (protocol/withdraw-authorization.ts). The fee is fixed here: a withdrawal submitted
 * after the rule's fee changed is refused, never charged another fee than the one signed.
 */
export const withdrawalTerms = pgTable(
  'withdrawal_terms',
  {
    nonce: text('nonce').primaryKey(),
    user: userWallet(),
    ...destination(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_terms_user').on(t.user)],
);

/**
 * The user's saved withdrawal addresses (docs/withdrawals.md, "The address book"). A deleted one
 * keeps its row (`deletedAt`) so that saving it again starts a new cooling-off, never resumes one.
 */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: serialId(),
    user: userWallet(),
    ...destination(),
    label: text('label').notNull(),
    createdAt: at('created_at').notNull(),
    usableFrom: at('usable_from').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('withdraw_addresses_user').on(t.user)],
);

/** Each save and delete, for the book's history the user sees (and its push). */
export const withdrawAddressEvents = pgTable(
  'withdraw_address_events',
  {
    id: serialId(),
    user: userWallet(),
    addressId: bigint('address_id', { mode: 'number' }).notNull(),
    action: text('action', { enum: ['added', 'deleted'] }).notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('withdraw_address_events_user').on(t.user)],
);
