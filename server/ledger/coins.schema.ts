import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { enabledFlag, sortOrder } from '../db/columns.ts';

/**
 * The coins the ledger counts in, with their precision: every account names one. The operator
 * lists, orders and switches them through the configuration (server/modules/config).
 */
export const coins = pgTable('coins', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  precision: integer('precision').notNull(),
  sort: sortOrder(),
  enabled: enabledFlag(),
});

/** A column naming one of the coins above. */
export const coinRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => coins.symbol);
