/**
 * Statements: the lines of a wallet's statement (10011, the movements of its available balance, a
 * page at a time) and the statement of a date range as a CSV file (10095).
 */
import * as v from 'valibot';
import { RECORD_TYPES, type RecordType } from './ledger.ts';
import { errorMessage, paging } from './validation.ts';

export interface StatementRecord {
  id: number;
  type: RecordType;
  coin: string;
  /** Signed: what the entry did to the available balance. */
  amount: string;
  createdAt: number;
  /** Demo money from the faucet, never real. */
  demo: boolean;
}

export const statementRecordsRequest = v.object({
  ...paging(),
  type: v.optional(v.picklist(RECORD_TYPES)),
  coin: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,12}$/))),
});

/**
 * The statement as a file (10095): the records of a time range as CSV, streamed. The range is
 * [from, to) in Unix milliseconds (the client sends the start of the first local day and the start
 * of the day after the last), at most STATEMENT_MAX_DAYS long. The columns are the same in every
 * language: machine names, times in UTC ISO 8601, amounts as exact signed decimals.
 */
export const STATEMENT_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

export const STATEMENT_COLUMNS = ['time_utc', 'type', 'coin', 'amount', 'record_id', 'demo'] as const;

const unixMs = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]{0,14})$/), v.transform(Number));

export const statementRequest = v.pipe(
  v.object({ from: unixMs, to: unixMs }),
  v.forward(
    v.check(
      (range) => range.to > range.from && range.to - range.from <= STATEMENT_MAX_DAYS * DAY_MS,
      errorMessage('statement_range_invalid'),
    ),
    ['to'],
  ),
);

/** The file name a statement is saved under: meridian-statement-2026-01-01-2026-01-31.csv. */
export function statementFileName(from: number, to: number): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `meridian-statement-${day(from)}-${day(to - 1)}.csv`;
}
