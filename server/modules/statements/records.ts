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
  const owned = and(eq(ledgerAccounts.owner, wallet.toLowerCase()), eq(ledgerAccounts.bucket, 'available'));
  const types = inArray(journalEntries.type, filter.type ? [filter.type] : [...RECORD_TYPES]);
  const coin = filter.coin ? eq(postings.coin, filter.coin) : undefined;
  return readPage(filter, {
    count: () =>
      db
        .select({ n: count() })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .where(and(owned, types, coin)),
    // The newest `offset + limit` lines of each account (walking its (account, id) index backwards
    // and stopping there), then the window of them all: the same lines as ordering every line of
    // the wallet, but page 1 reads a page per account, not the wallet's whole history (issue #41).
    rows: ({ limit, offset }) => {
      const newest = db
        .select(RECORD_COLUMNS)
        .from(postings)
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .where(and(eq(postings.accountId, ledgerAccounts.id), types, coin))
        .orderBy(desc(postings.id))
        .limit(offset + limit)
        .as('newest');
      return db
        .select({
          id: newest.id,
          type: newest.type,
          coin: newest.coin,
          amount: newest.amount,
          createdAt: newest.createdAt,
          memo: newest.memo,
        })
        .from(ledgerAccounts)
        .crossJoinLateral(newest)
        .where(owned)
        .orderBy(desc(newest.id))
        .limit(limit)
        .offset(offset);
    },
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
