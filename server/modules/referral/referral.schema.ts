import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, money, serialId } from '../../db/columns.ts';
import { journalEntryRef } from '../../ledger/ledger.schema.ts';

/**
 * One commission paid: who earned it, from whose fee, at which level, and the journal entry that
 * paid it (the books are the truth; this row says whose fee it came from, for the inviter's list).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serialId(),
    beneficiary: text('beneficiary').notNull(),
    invitee: text('invitee').notNull(),
    level: integer('level').notNull(),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    /** The fee's own journal entry key, e.g. `order:12:place`. */
    source: text('source').notNull(),
    entryId: journalEntryRef('entry_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_rewards_beneficiary').on(t.beneficiary, t.invitee)],
);
