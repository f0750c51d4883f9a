import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, serialId } from '../db/columns.ts';

/** Every operator action: who, when, what, why, and how it ended. */
export const adminAudit = pgTable('admin_audit', {
  id: serialId(),
  at: at('at').notNull().defaultNow(),
  actor: text('actor').notNull(),
  command: text('command').notNull(),
  args: jsonb('args').notNull(),
  reason: text('reason'),
  outcome: text('outcome', { enum: ['ok', 'error'] }).notNull(),
  detail: text('detail'),
});
