import { sql } from 'drizzle-orm';
import { bigint, boolean, check, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../db/columns.ts';

/**
 * Where the last clean audit from a checkpoint reached in the journal (docs/ledger.md, "The audit
 * from a checkpoint"): every posting up to `through` is summed in `ledger_audit_sums` per account
 * and in `coinTotals` per coin. One row.
 */
export const ledgerAuditCheckpoint = pgTable(
  'ledger_audit_checkpoint',
  {
    one: boolean('one').primaryKey().default(true),
    through: bigint('through', { mode: 'number' }).notNull(),
    /** Per coin, the sum of the postings up to `through`: "0" for every coin of balanced books. */
    coinTotals: jsonb('coin_totals').$type<Record<string, string>>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ledger_audit_checkpoint_one', sql`${t.one}`)],
);

/**
 * Per account, the sum of its postings up to the checkpoint's `through` (accounts with postings).
 * No foreign key to `ledger_accounts`: it cost 8.5 µs a row on PGlite, a third of the first run's
 * insert, for rows the audit only ever reads joined from the accounts (a row of no account is
 * never read, and changes nothing it proves).
 */
export const ledgerAuditSums = pgTable('ledger_audit_sums', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  total: money('total').notNull(),
});
