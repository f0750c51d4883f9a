import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server process on one PostgreSQL (server/http/rate-limit-store.ts):
 * one row per key (an IP or a wallet) with the start of its current window and the calls in it.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartMs: bigint('window_start_ms', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});
