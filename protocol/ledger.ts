/**
 * Finance record types (docs/spec/design.md section 5): what a user sees in "Financial details". Each
 * journal entry has one; the translation key is `records.<type>`.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'referral_direct',
  'referral_indirect',
  'mining_purchase',
  'mining_earnings',
  'ido_subscription',
  'ido_release',
  'withdrawal_returned',
  'system_adjustment',
  'ido_return',
  'exchange',
  'staking',
  'staking_redemption',
  'staking_interest',
  'trading_placement',
  'trading_settlement',
  'trading_cancellation',
  // A pending order's margin re-priced: its price moved (10074) or it filled at another price.
  'trading_margin_change',
] as const;

export type RecordType = (typeof RECORD_TYPES)[number];

/** Entry types that move only system money (operator funding); never shown to users. */
export const SYSTEM_ENTRY_TYPES = ['pool_funding'] as const;

export type EntryType = RecordType | (typeof SYSTEM_ENTRY_TYPES)[number];

/** A user's buckets per coin. */
export const USER_BUCKETS = ['available', 'frozen', 'staked'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

/**
 * System accounts (docs/spec/design.md section 5). Pools hold money the operator funded and may never go
 * below zero; clearing accounts mirror money outside the platform and may carry any sign.
 */
export const POOL_ACCOUNTS = [
  'staking_reward_pool',
  'mining_output_pool',
  'ido_treasury',
  'exchange_inventory',
  'trading_margin_pool',
] as const;
export const CLEARING_ACCOUNTS = [
  'deposits_clearing',
  'withdrawals_clearing',
  'fee_revenue',
  // Rent of mining machines: the operator's sales revenue (service fees go to fee_revenue).
  'mining_revenue',
  // IDO sales: what subscribers paid for the tokens they won (dust above the exact price is house_dust).
  'ido_revenue',
  'adjustments',
  'operator_funding',
  'house_dust',
] as const;
/**
 * Reserves hold money already promised to users (staking interest reserved from the reward pool
 * until maturity, docs/staking.md; mining output reserved for a rental's whole cycle,
 * docs/mining.md). Like pools they never go below zero; unlike pools the
 * operator never funds them by hand: only the feature that promised moves money in or out.
 */
export const RESERVE_ACCOUNTS = ['staking_reserved', 'mining_reserved'] as const;
export type PoolAccount = (typeof POOL_ACCOUNTS)[number];
export type ReserveAccount = (typeof RESERVE_ACCOUNTS)[number];
export type ClearingAccount = (typeof CLEARING_ACCOUNTS)[number];
export type SystemAccount = PoolAccount | ReserveAccount | ClearingAccount;

export function isSystemAccount(name: string): name is SystemAccount {
  return (
    (POOL_ACCOUNTS as readonly string[]).includes(name) ||
    (RESERVE_ACCOUNTS as readonly string[]).includes(name) ||
    (CLEARING_ACCOUNTS as readonly string[]).includes(name)
  );
}
