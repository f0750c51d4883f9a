import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money, serialId } from '../../db/columns.ts';

/**
 * Every transaction the sender signed, stored before it is broadcast (docs/withdrawals.md, "The
 * sender"): a crash or a restart broadcasts the stored raw transaction again and never signs a
 * second one for the withdrawal. A fee replacement is a new row with the same nonce and a higher
 * attempt; whichever of them is mined counts. The signing key is never here.
 */
export const withdrawalSends = pgTable(
  'withdrawal_sends',
  {
    id: serialId(),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }).notNull(),
    chain: text('chain').notNull(),
    /** The hot wallet's address (lower case): nonces count per sending address. */
    sender: text('sender').notNull(),
    nonce: integer('nonce').notNull(),
    attempt: integer('attempt').notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    /** EIP-1559 fees in wei, as decimal strings: a replacement raises both by at least 10%. */
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    /** The native coin this send may spend on gas (gas limit x max fee), reserved while in flight. */
    gasReserve: money('gas_reserve').notNull(),
    /** pending (in flight), mined (confirmed and completed), replaced, failed. */
    status: text('status', { enum: ['pending', 'mined', 'replaced', 'failed'] }).notNull(),
    signedAt: at('signed_at').notNull(),
    broadcastAt: at('broadcast_at'),
  },
  (t) => [
    uniqueIndex('withdrawal_sends_nonce').on(t.chain, t.sender, t.nonce, t.attempt),
    index('withdrawal_sends_withdrawal').on(t.withdrawalId),
  ],
);

/** A coin the sender paused on a chain, and why (`waiting for funds`): shown by admin status. */
export const withdrawSenderPauses = pgTable(
  'withdraw_sender_pauses',
  {
    chain: text('chain').notNull(),
    coin: text('coin').notNull(),
    reason: text('reason').notNull(),
    since: at('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.coin] })],
);

/** Each operator's approval of a withdrawal above its rule's dual limit: two different ones review it. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }).notNull(),
    operator: text('operator').notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.operator] })],
);
