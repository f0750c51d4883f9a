import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { enabledFlag, sortOrder, updatedAt } from '../../db/columns.ts';
import { coinRef, coins } from '../../ledger/coins.schema.ts';

// The coin list is the ledger's (what it counts in); the configuration lists it with the chains.
export { coins };

/** Operator settings: feature switches, contact channels, the service contract (JSON values). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const chains = pgTable('chains', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  family: text('family', { enum: ['evm', 'tron', 'bitcoin'] }).notNull(),
  evmChainId: integer('evm_chain_id'),
  /** Blocks a deposit needs on top of it, counting its own, before it is credited. */
  confirmations: integer('confirmations').notNull().default(12),
  sort: sortOrder(),
  enabled: enabledFlag(),
});

/** Which coin moves on which chain. */
export const coinChains = pgTable(
  'coin_chains',
  {
    coin: coinRef('coin'),
    chain: text('chain')
      .notNull()
      .references(() => chains.id),
    sort: sortOrder(),
    /** The token contract the chain watcher reads Transfer logs of (EVM), or null. */
    contract: text('contract'),
    /** The token's decimals on chain (which may exceed the coin's precision). */
    decimals: integer('decimals'),
    /** The chain's own coin (ETH on ERC20): the watcher reads plain transfers of it. */
    native: boolean('native').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.coin, t.chain] })],
);
