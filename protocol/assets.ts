/** Assets: 10010 balances per coin and totals, 10011 finance records. */
import * as v from 'valibot';
import { RECORD_TYPES, type RecordType } from './ledger.ts';
import { errorMessage, pageNumber, pageSize } from './validation.ts';

export interface AssetRow {
  coin: string;
  available: string;
  frozen: string;
  total: string;
  /** Value of `total` in USDT, or null while no price is known for the coin. */
  valueUsdt: string | null;
}

export interface AssetsResponse {
  assets: AssetRow[];
  /** Sum of the priced coins' values. */
  totalUsdt: string;
  /** Coins held whose value is not in the total (no price source yet). */
  unpriced: string[];
  todayEarningsUsdt: string;
  totalEarningsUsdt: string;
}

/** Record types that count as earnings (today's and accumulated). */
export const EARNING_TYPES: readonly RecordType[] = [
  'referral_direct',
  'referral_indirect',
  'mining_earnings',
  'staking_interest',
];

export interface FinanceRecord {
  id: number;
  type: RecordType;
  coin: string;
  /** Signed: what the entry did to the available balance. */
  amount: string;
  createdAt: number;
  /** Demo money from the faucet, never real. */
  demo: boolean;
}

export const financeRequest = v.object({
  page: v.optional(pageNumber, '1'),
  size: v.optional(pageSize, '20'),
  type: v.optional(v.picklist(RECORD_TYPES)),
  coin: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,12}$/))),
});

/**
 * Statements (10095): the finance records of a time range as CSV, streamed. The range is
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
