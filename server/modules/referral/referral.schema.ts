import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns.ts';
import { journalEntries } from '../../ledger/ledger.schema.ts';

/**
 * One commission paid: who earned it, from whose fee, at which level, and the journal entry that
 * paid it (the books are the truth; this row says whose fee it came from, for the inviter's list).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    beneficiary: text('beneficiary').notNull(),
    invitee: text('invitee').notNull(),
    level: integer('level').notNull(),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    /** The fee's own journal entry key, e.g. `order:12:place`. */
    source: text('source').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_rewards_beneficiary').on(t.beneficiary, t.invitee)],
);
