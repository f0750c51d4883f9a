/** Assets: 10010 balances per coin and totals (the records of 10011 are ./statements.ts's). */
import type { RecordType } from './ledger.ts';

export interface AssetRow {
  coin: string;
  available: string;
  /** Held for open orders, IDO subscriptions and withdrawals under way. */
  frozen: string;
  /** Principal in staking plans. */
  staked: string;
  /** available + frozen + staked: every row adds up to it. */
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
  /** Whether this wallet has had its demo USDT (10012): the screen then no longer offers it. */
  faucetClaimed: boolean;
}

/** Record types that count as earnings (today's and accumulated). */
export const EARNING_TYPES: readonly RecordType[] = [
  'referral_direct',
  'referral_indirect',
  'mining_earnings',
  'staking_interest',
];
