import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator settings: feature switches, contact channels, the service contract (JSON values). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chains = pgTable('chains', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  family: text('family', { enum: ['evm', 'tron', 'bitcoin'] }).notNull(),
  evmChainId: integer('evm_chain_id'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const coins = pgTable('coins', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  precision: integer('precision').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Which coin moves on which chain. */
export const coinChains = pgTable(
  'coin_chains',
  {
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    chain: text('chain')
      .notNull()
      .references(() => chains.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.coin, t.chain] })],
);
