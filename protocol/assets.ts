/** Assets: 10010 balances per coin and totals, 10011 finance records. */
import * as v from 'valibot';
import { RECORD_TYPES, type RecordType } from './ledger.ts';
import { pageNumber, pageSize } from './validation.ts';

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
