/**
 * Staking: 10035 plans, 10036 stake, 10037 records, 10041 redeem. The interest arithmetic lives
 * here so the client's live estimate and the server's promise are the same function: exact decimal
 * arithmetic (protocol/money.ts), rounded down to the coin's precision (docs/staking.md).
 */
import * as v from 'valibot';
import { exact, ROUND_DOWN, rounded } from './money.ts';
import { decimalAmount, paging, requestId } from './validation.ts';

export const STAKE_STATUSES = ['staked', 'redeemed'] as const;
export type StakeStatus = (typeof STAKE_STATUSES)[number];

/** Limits of a plan's terms (the operator's `config staking-plan` checks them). */
export const STAKING_MAX_DAYS = 3650;
/** APR in percent per year, at most this many decimals and at most this value. */
export const STAKING_APR_DECIMALS = 4;
export const STAKING_MAX_APR = '10000';

export interface StakingPlan {
  id: number;
  coin: string;
  days: number;
  /** Annual percentage rate, e.g. "12.5" for 12.5 %. */
  apr: string;
  /** The smallest amount of one stake. */
  min: string;
  /** The most one user may have staked in this plan at once. */
  max: string;
  /** The most all users together may have staked in this plan at once. */
  quota: string;
  /**
   * What can still be staked in this plan now: the quota left, further limited by what the reward
   * pool can still promise interest for. Below `min` the plan is sold out.
   */
  remaining: string;
  soldOut: boolean;
  /** Whether a stake may be redeemed before maturity (principal only). */
  earlyRedemption: boolean;
  /** The signed-in user's principal staked in this plan now ("0" without a session). */
  staked: string;
}

export interface Stake {
  id: number;
  planId: number;
  coin: string;
  amount: string;
  days: number;
  apr: string;
  /** Estimated earnings: the interest promised and reserved at staking time. */
  interest: string;
  /** Interest actually paid: null while staked, "0" after an early redemption. */
  earned: string | null;
  status: StakeStatus;
  earlyRedemption: boolean;
  /** Redeemed before maturity (principal only). */
  early: boolean;
  stakedAt: number;
  expiresAt: number;
  redeemedAt: number | null;
}

export const stakeRequest = v.object({
  planId: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number)),
  amount: decimalAmount(18),
  requestId,
});
export type StakeRequest = v.InferOutput<typeof stakeRequest>;

export const stakingRecordsRequest = v.object({
  ...paging(),
  status: v.optional(v.picklist(STAKE_STATUSES)),
});

export const redeemRequest = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number)),
  requestId,
});

const PERCENT_DAYS = 36_500; // 100 % x 365 days

/**
 * The interest a stake earns: amount x APR x days / 365, rounded down to `precision` decimals of
 * the coin. Computed exactly, so no rounding happens before the final one.
 */
export function stakeInterest(amount: string, aprPercent: string, days: number, precision: number): string {
  if (!Number.isInteger(days) || days < 0) throw new Error(`bad days ${days}`);
  const interest = exact(amount).times(aprPercent).times(days).dividedBy(PERCENT_DAYS);
  return rounded(interest, precision, ROUND_DOWN);
}

/**
 * The largest amount (at the coin's precision) whose interest a pool balance of `pool` can still
 * cover; null when the plan pays no interest (any amount is covered).
 */
export function amountCoveredByPool(
  pool: string,
  aprPercent: string,
  days: number,
  precision: number,
): string | null {
  const r = exact(aprPercent);
  if (r.isZero() || days === 0) return null;
  // amount = pool x 36500 / (apr x days); floor at 10^-precision keeps interest(amount) <= pool.
  return rounded(exact(pool).times(PERCENT_DAYS).dividedBy(r.times(days)), precision, ROUND_DOWN);
}

export const DAY_MS = 86_400_000;

/** When a stake made at `stakedAt` matures. */
export function maturityOf(stakedAt: number, days: number): number {
  return stakedAt + days * DAY_MS;
}
