import {
  bigint,
  bigserial,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Each user's derivation index (m/0/i), handed out once, in order. */
export const depositIndexes = pgTable('deposit_indexes', {
  address: text('address').primaryKey(),
  index: bigserial('index', { mode: 'number' }).notNull().unique(),
});

/** Derived deposit addresses, kept so a chain watcher can find the user by address. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    user: text('user').notNull(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user, t.chain] }),
    unique('deposit_addresses_chain_address').on(t.chain, t.address),
  ],
);

/** Deposits: detected -> confirming -> credited (DESIGN.md section 6). A txid is credited once, ever. */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user: text('user').notNull(),
    coin: text('coin').notNull(),
    chain: text('chain').notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    txid: text('txid').notNull(),
    status: text('status', { enum: ['detected', 'confirming', 'credited'] }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [unique('deposits_chain_txid').on(t.chain, t.txid), index('deposits_user').on(t.user)],
);
