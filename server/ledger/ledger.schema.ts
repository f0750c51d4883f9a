import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, money, rowRef, serialId } from '../db/columns.ts';
import { coinRef } from './coins.schema.ts';

/**
 * Accounts are (owner, coin, bucket). `balance` is a cache of the sum of the account's postings,
 * updated in the same transaction; the journal is the truth (`admin audit` recomputes it).
 * Users and pools can never go below zero: the database itself refuses it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serialId(),
    owner: text('owner').notNull(),
    coin: coinRef('coin'),
    bucket: text('bucket').notNull(),
    kind: text('kind', { enum: ['user', 'pool', 'clearing'] }).notNull(),
    balance: money('balance').notNull().default('0'),
  },
  (t) => [
    unique('ledger_accounts_owner_coin_bucket').on(t.owner, t.coin, t.bucket),
    check('ledger_accounts_no_negative', sql`${t.kind} = 'clearing' or ${t.balance} >= 0`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serialId(),
    type: text('type').notNull(),
    /** A retry of the same business step carries the same key and posts nothing the second time. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The business object, e.g. `withdrawal:12`. */
    reference: text('reference').notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [index('journal_entries_reference').on(t.reference)],
);

export const postings = pgTable(
  'postings',
  {
    id: serialId(),
    entryId: rowRef('entry_id', () => journalEntries.id),
    accountId: rowRef('account_id', () => ledgerAccounts.id),
    coin: text('coin').notNull(),
    /** Signed: positive adds to the account's balance. */
    amount: money('amount').notNull(),
  },
  // (account, id): a user's records in order, read page by page or streamed (statements).
  (t) => [index('postings_account').on(t.accountId, t.id), index('postings_entry').on(t.entryId)],
);

/** A column naming the journal entry that moved a row's money. */
export const journalEntryRef = (name: string) => rowRef(name, () => journalEntries.id);
