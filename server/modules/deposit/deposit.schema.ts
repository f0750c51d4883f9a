import { bigint, bigserial, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { at, money, serialId, updatedAt, userWallet } from '../../db/columns.ts';

/** Each user's derivation index (m/0/i), handed out once, in order. */
export const depositIndexes = pgTable('deposit_indexes', {
  address: text('address').primaryKey(),
  index: bigserial('index', { mode: 'number' }).notNull().unique(),
});

/** Derived deposit addresses, kept so a chain watcher can find the user by address. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    user: userWallet(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user, t.chain] }),
    unique('deposit_addresses_chain_address').on(t.chain, t.address),
  ],
);

/** Deposits: detected -> confirming -> credited (docs/spec/design.md section 6). A txid is credited once, ever. */
export const deposits = pgTable(
  'deposits',
  {
    id: serialId(),
    user: userWallet(),
    coin: text('coin').notNull(),
    chain: text('chain').notNull(),
    amount: money('amount').notNull(),
    txid: text('txid').notNull(),
    status: text('status', { enum: ['detected', 'confirming', 'credited'] }).notNull(),
    /** A token transfer's log index in its transaction; -1 for a native transfer or the operator's report. */
    logIndex: integer('log_index').notNull().default(-1),
    /** Where the chain watcher saw it (null for the operator's report): a reorg that drops the block drops it. */
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    /** Blocks on top of it, counting its own, as the watcher last saw them. */
    confirmations: integer('confirmations').notNull().default(0),
    entryId: bigint('entry_id', { mode: 'number' }),
    detectedAt: at('detected_at').notNull().defaultNow(),
    creditedAt: at('credited_at'),
  },
  (t) => [
    unique('deposits_chain_txid_log').on(t.chain, t.txid, t.logIndex),
    index('deposits_user').on(t.user),
    index('deposits_open').on(t.chain, t.status),
  ],
);

/** How far the chain watcher has read each chain: the last block scanned and its hash. */
export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: updatedAt(),
});
