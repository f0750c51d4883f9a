/**
 * Statements (10095): a user's finance records of a time range as CSV, written row batch by row
 * batch as the client reads them, so a year of records never sits in memory. Rows are the same as
 * 10011's (movements of the available balance), oldest first, read by keyset (posting id) over the
 * postings_account (account, id) index: each batch is one indexed range read, however long the
 * range. UTF-8 with a byte order mark, so spreadsheets open it as UTF-8; CRLF line ends (RFC 4180).
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import { RECORD_TYPES } from '../../../protocol/ledger.ts';
import { trimNumeric } from '../../../protocol/money.ts';
import { STATEMENT_COLUMNS } from '../../../protocol/statements.ts';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../ledger/ledger.schema.ts';
import { FAUCET_MEMO } from '../assets/index.ts';
import { RECORD_COLUMNS } from './records.ts';

export const STATEMENT_BATCH = 1000;
const BOM = '\uFEFF';

/** RFC 4180 quoting, for a field that would otherwise break the row. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

export interface StatementRange {
  from: number;
  to: number;
}

/** A statement's rows, oldest first, one batch of at most `batch` rows at a time. */
export async function* statementRows(
  db: DbOrTx,
  wallet: string,
  range: StatementRange,
  batch = STATEMENT_BATCH,
) {
  const accounts = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, wallet.toLowerCase()), eq(ledgerAccounts.bucket, 'available')));
  if (accounts.length === 0) return;
  const accountIds = accounts.map((a) => a.id);
  const from = new Date(range.from);
  const to = new Date(range.to);
  let after = 0;
  for (;;) {
    const rows = await db
      .select(RECORD_COLUMNS)
      .from(postings)
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(
        and(
          inArray(postings.accountId, accountIds),
          gt(postings.id, after),
          gte(journalEntries.createdAt, from),
          lt(journalEntries.createdAt, to),
          inArray(journalEntries.type, [...RECORD_TYPES]),
        ),
      )
      .orderBy(asc(postings.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** The statement's text in pieces: the header first, then one piece per batch of rows. */
export async function* statementChunks(
  db: DbOrTx,
  wallet: string,
  range: StatementRange,
  batch = STATEMENT_BATCH,
): AsyncGenerator<string> {
  yield BOM + csvRow(STATEMENT_COLUMNS);
  for await (const rows of statementRows(db, wallet, range, batch)) {
    let text = '';
    for (const r of rows) {
      text += csvRow([
        r.createdAt.toISOString(),
        r.type,
        r.coin,
        trimNumeric(r.amount),
        String(r.id),
        r.memo === FAUCET_MEMO ? 'yes' : 'no',
      ]);
    }
    yield text;
  }
}

/** The statement as a byte stream that reads the next batch only when the client has taken the last. */
export function statementStream(db: DbOrTx, wallet: string, range: StatementRange): Readable {
  return Readable.from(statementChunks(db, wallet, range), { objectMode: false, highWaterMark: 1 });
}
