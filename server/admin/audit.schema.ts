import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every operator action: who, when, what, why, and how it ended. */
export const adminAudit = pgTable('admin_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor').notNull(),
  command: text('command').notNull(),
  args: jsonb('args').notNull(),
  reason: text('reason'),
  outcome: text('outcome', { enum: ['ok', 'error'] }).notNull(),
  detail: text('detail'),
});
