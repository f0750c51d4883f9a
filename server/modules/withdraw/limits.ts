/**
 * Daily withdrawal limits per user and coin (docs/withdrawals.md, "Daily limits"): over a rolling
 * 24 hours, every withdrawal that is not rejected and has not failed counts (a returned one gave
 * its money back; a pending one may still leave). Checked at the terms (10023) so nobody signs a
 * refusal, and enforced at the submit (10025) under a per-user-and-coin lock in the submit's own
 * transaction, so concurrent submits cannot pass the limit together.
 */
import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readSetting } from '../config/index.ts';
import { withdrawals } from './withdraw.schema.ts';

/** The setting: coin → limit (a decimal string) or null for no limit; coins left out take the default. */
export const DAILY_LIMITS_SETTING = 'withdrawDailyLimits';
/** Twice the largest single withdrawal the demo rules allow, per coin; other coins have none. */
export const DEFAULT_DAILY_LIMITS: Readonly<Record<string, string>> = {
  USDT: '100000',
  BTC: '10',
  ETH: '200',
  TRX: '2000000',
  BNB: '2000',
};
const WINDOW_MS = 24 * 3_600_000;

export type DailyLimits = Record<string, string | null>;

/** Each coin's limit as the operator set it, over the defaults. */
export async function dailyLimits(db: DbOrTx): Promise<DailyLimits> {
  const stored = (await readSetting<DailyLimits>(db, DAILY_LIMITS_SETTING)) ?? {};
  return { ...DEFAULT_DAILY_LIMITS, ...stored };
}

async function usedSince(db: DbOrTx, user: string, coin: string, now: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${withdrawals.amount})` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.user, user),
        eq(withdrawals.coin, coin),
        notInArray(withdrawals.status, ['rejected', 'failed', 'failure_processed']),
        gt(withdrawals.createdAt, new Date(now - WINDOW_MS)),
      ),
    );
  return fmt(dec(row?.total ?? '0'));
}

/** What is left of `coin`'s limit for `wallet`, or null when the coin has no limit. */
export async function leftToday(
  db: DbOrTx,
  wallet: string,
  coin: string,
  limits?: DailyLimits,
  now = Date.now(),
): Promise<{ limit: string; left: string } | null> {
  const limit = (limits ?? (await dailyLimits(db)))[coin];
  if (limit === null || limit === undefined) return null;
  const left = dec(limit).minus(dec(await usedSince(db, wallet.toLowerCase(), coin, now)));
  return { limit: fmt(dec(limit)), left: fmt(left.isNegative() ? dec('0') : left) };
}

/**
 * Refuses `amount` of `coin` over what is left today. With `lock`, first takes the user's lock
 * for that coin until the transaction ends: the submit's check and its insert then happen with
 * no other submit of the same user and coin in between.
 */
export async function requireWithinLimit(
  tx: Tx,
  wallet: string,
  coin: string,
  amount: string,
  lock: boolean,
): Promise<void> {
  const user = wallet.toLowerCase();
  if (lock)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw-limit:${user}:${coin}`}))`);
  const left = await leftToday(tx, user, coin);
  if (left && dec(amount).greaterThan(dec(left.left)))
    throw new DomainError('withdrawal_daily_limit', { left: left.left, coin });
}
