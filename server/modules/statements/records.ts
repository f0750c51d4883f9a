/**
 * The statement's lines (10011): the movements of a wallet's available balance, newest first, a
 * page at a time. The CSV statement (10095, ./statement.ts) reads the same columns.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Page } from '../../../protocol/envelope.ts';
import { RECORD_TYPES, type RecordType } from '../../../protocol/ledger.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import type { StatementRecord } from '../../../protocol/statements.ts';
import type { DbOrTx } from '../../db/client.ts';
import { readPage } from '../../db/paging.ts';
import { journalEntries, ledgerAccounts, postings } from '../../ledger/ledger.schema.ts';
import { FAUCET_MEMO } from '../assets/index.ts';

/** What a statement line reads: 10011's rows and the CSV's (10095, ./statement.ts). */
export const RECORD_COLUMNS = {
  id: postings.id,
  type: journalEntries.type,
  coin: postings.coin,
  amount: postings.amount,
  createdAt: journalEntries.createdAt,
  memo: journalEntries.memo,
};

export async function statementRecords(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number; type?: RecordType | undefined; coin?: string | undefined },
): Promise<Page<StatementRecord>> {
  const where = and(
    eq(ledgerAccounts.owner, wallet.toLowerCase()),
    eq(ledgerAccounts.bucket, 'available'),
    inArray(journalEntries.type, filter.type ? [filter.type] : [...RECORD_TYPES]),
    filter.coin ? eq(postings.coin, filter.coin) : undefined,
  );
  return readPage(filter, {
    count: () =>
      db
        .select({ n: count() })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .where(where),
    rows: ({ limit, offset }) =>
      db
        .select(RECORD_COLUMNS)
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .where(where)
        .orderBy(desc(postings.id))
        .limit(limit)
        .offset(offset),
    list: (rows) =>
      rows.map((r) => ({
        id: r.id,
        type: r.type as RecordType,
        coin: r.coin,
        amount: fmt(dec(r.amount)),
        createdAt: r.createdAt.getTime(),
        demo: r.memo === FAUCET_MEMO,
      })),
  });
}
