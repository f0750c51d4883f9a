/**
 * Staking (docs/spec/design.md section 6, docs/staking.md). Staking moves the principal to the user's
 * `staked` bucket and reserves the promised interest from the reward pool in the same journal
 * entry; a plan whose pool cannot reserve the interest is sold out. Maturity pays principal and
 * interest; an early redemption, where the plan allows it, returns the principal and releases the
 * reserved interest to the pool. Time comes from the caller: no function here reads the clock.
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { DomainError, isRefusal } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import { compare, dec, fmt, minOf, scaleOf } from '../../../protocol/money.ts';
import {
  amountCoveredByPool,
  maturityOf,
  type Stake,
  type StakeRequest,
  type StakeStatus,
  type StakingPlan,
  stakeInterest,
} from '../../../protocol/staking.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { numericText } from '../../db/columns.ts';
import { readTablePage } from '../../db/paging.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { faultPoint } from '../../faults.ts';
import { coins } from '../../ledger/coins.schema.ts';
import {
  balanceOf,
  balancesByCoin,
  type Posting,
  post,
  systemAccount,
  transfer,
  userAccount,
} from '../../ledger/ledger.ts';
import { stakes, stakingPlans } from './staking.schema.ts';

type StakeRow = typeof stakes.$inferSelect;

const num = (value: string) => fmt(dec(value));

function toStake(r: StakeRow): Stake {
  return {
    id: r.id,
    planId: r.planId,
    coin: r.coin,
    days: r.days,
    ...numericText(r, ['amount', 'apr', 'interest']),
    earned: r.earned === null ? null : num(r.earned),
    status: r.status,
    earlyRedemption: r.earlyRedemption,
    early: r.early,
    stakedAt: r.stakedAt.getTime(),
    expiresAt: r.maturesAt.getTime(),
    redeemedAt: r.redeemedAt ? r.redeemedAt.getTime() : null,
  };
}

const planColumns = {
  id: stakingPlans.id,
  coin: stakingPlans.coin,
  days: stakingPlans.days,
  apr: stakingPlans.apr,
  min: stakingPlans.min,
  max: stakingPlans.max,
  quota: stakingPlans.quota,
  earlyRedemption: stakingPlans.earlyRedemption,
  enabled: stakingPlans.enabled,
  precision: coins.precision,
};
type PlanRow = { [K in keyof typeof planColumns]: (typeof planColumns)[K]['_']['data'] };

/** Principal still staked, per plan (and per user when `user` is given). */
async function stakedByPlan(db: DbOrTx, user: string | null, planId?: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ planId: stakes.planId, total: sql<string>`sum(${stakes.amount})::text` })
    .from(stakes)
    .where(
      and(
        eq(stakes.status, 'staked'),
        user ? eq(stakes.user, user) : undefined,
        planId ? eq(stakes.planId, planId) : undefined,
      ),
    )
    .groupBy(stakes.planId);
  return new Map(rows.map((r) => [r.planId, num(r.total)]));
}

/** What can still be staked in a plan: the quota left, limited by what the pool can promise. */
export function planRemaining(plan: PlanRow, active: string, pool: string): string {
  const quotaLeft = dec(plan.quota).minus(dec(active));
  const left = quotaLeft.isNegative() ? '0' : fmt(quotaLeft);
  const covered = amountCoveredByPool(num(pool), num(plan.apr), plan.days, plan.precision);
  return covered === null ? left : minOf(left, covered);
}

function planView(plan: PlanRow, active: string, pool: string, mine: string): StakingPlan {
  const remaining = planRemaining(plan, active, pool);
  const min = num(plan.min);
  return {
    id: plan.id,
    coin: plan.coin,
    days: plan.days,
    apr: num(plan.apr),
    min,
    max: num(plan.max),
    quota: num(plan.quota),
    remaining,
    soldOut: compare(remaining, min) < 0,
    earlyRedemption: plan.earlyRedemption,
    staked: mine,
  };
}

/** The plans on offer (enabled, in enabled coins), with what is left of each; `all` adds disabled ones. */
export async function listPlans(
  db: DbOrTx,
  wallet: string | null,
  options: { all?: boolean } = {},
): Promise<(StakingPlan & { enabled: boolean })[]> {
  const rows = await db
    .select(planColumns)
    .from(stakingPlans)
    .innerJoin(coins, eq(coins.symbol, stakingPlans.coin))
    .where(options.all ? undefined : and(eq(stakingPlans.enabled, true), eq(coins.enabled, true)))
    .orderBy(asc(coins.sort), asc(stakingPlans.sort), asc(stakingPlans.days));
  const active = await stakedByPlan(db, null);
  const mine = wallet ? await stakedByPlan(db, wallet.toLowerCase()) : new Map<number, string>();
  const pools = await balancesByCoin(
    db,
    systemAccount('staking_reward_pool'),
    rows.map((r) => r.coin),
  );
  return rows.map((r) => ({
    ...planView(r, active.get(r.id) ?? '0', pools.get(r.coin) ?? '0', mine.get(r.id) ?? '0'),
    enabled: r.enabled,
  }));
}

/** The highest APR among plans that can still be staked: the "annualized yield up to X%" label. */
export async function maxOpenApr(db: DbOrTx): Promise<string | null> {
  const open = (await listPlans(db, null)).filter((p) => !p.soldOut);
  if (open.length === 0) return null;
  return open.map((p) => p.apr).reduce((a, b) => (compare(b, a) > 0 ? b : a));
}

export async function stake(tx: Tx, wallet: string, input: StakeRequest, now: number): Promise<Stake> {
  const user = wallet.toLowerCase();
  // The plan row is locked: stakes in one plan are counted against its quota one at a time.
  const [plan] = await tx
    .select(planColumns)
    .from(stakingPlans)
    .innerJoin(coins, eq(coins.symbol, stakingPlans.coin))
    .where(and(eq(stakingPlans.id, input.planId), eq(stakingPlans.enabled, true), eq(coins.enabled, true)))
    .for('update', { of: stakingPlans });
  if (!plan) throw new DomainError('not_found');
  const amount = num(input.amount);
  const [min, max] = [num(plan.min), num(plan.max)];
  if (scaleOf(input.amount) > plan.precision || compare(amount, min) < 0 || compare(amount, max) > 0) {
    throw new DomainError('amount_out_of_range', { min, max });
  }
  // One query at a time: a transaction is one connection.
  const active = await stakedByPlan(tx, null, plan.id);
  const mine = await stakedByPlan(tx, user, plan.id);
  const pool = await balanceOf(tx, systemAccount('staking_reward_pool'), plan.coin);
  const remaining = planRemaining(plan, active.get(plan.id) ?? '0', pool);
  if (compare(remaining, min) < 0) throw new DomainError('plan_sold_out', { coin: plan.coin });
  const userLeft = dec(max).minus(dec(mine.get(plan.id) ?? '0'));
  const room = minOf(remaining, userLeft.isNegative() ? '0' : fmt(userLeft));
  if (compare(amount, room) > 0)
    throw new DomainError('stake_limit_exceeded', { max: room, coin: plan.coin });

  const apr = num(plan.apr);
  const interest = stakeInterest(amount, apr, plan.days, plan.precision);
  const [row] = await tx
    .insert(stakes)
    .values({
      user,
      planId: plan.id,
      coin: plan.coin,
      amount,
      days: plan.days,
      apr,
      interest,
      earlyRedemption: plan.earlyRedemption,
      status: 'staked',
      stakedAt: new Date(now),
      maturesAt: new Date(maturityOf(now, plan.days)),
    })
    .returning();
  if (!row) throw new Error('stake not stored');
  const postings: Posting[] = transfer(userAccount(user), userAccount(user, 'staked'), plan.coin, amount);
  if (!dec(interest).isZero()) {
    postings.push(
      ...transfer(
        systemAccount('staking_reward_pool'),
        systemAccount('staking_reserved'),
        plan.coin,
        interest,
      ),
    );
  }
  try {
    await post(tx, {
      type: 'staking',
      idempotencyKey: `stake:${row.id}:open`,
      reference: `stake:${row.id}`,
      postings,
    });
  } catch (error) {
    // Another plan of the same coin took the pool's last reservable interest meanwhile.
    if (isRefusal(error, 'pool_exhausted')) throw new DomainError('plan_sold_out', { coin: plan.coin });
    throw error;
  }
  return toStake(row);
}

/**
 * Closes a locked, still staked stake: at maturity principal and interest to the user (two
 * entries, so the finance records show a redemption and the interest); early, principal only,
 * and the reserved interest back to the pool (one entry). Keys are per stake, so neither can post
 * twice, and the principal key is shared, so a stake cannot be both matured and redeemed early.
 */
async function close(tx: Tx, row: StakeRow, early: boolean, at: Date): Promise<StakeRow> {
  const reference = `stake:${row.id}`;
  const [principal, interest] = [num(row.amount), num(row.interest)];
  const paysInterest = !dec(interest).isZero();
  const back = transfer(userAccount(row.user, 'staked'), userAccount(row.user), row.coin, principal);
  if (early) {
    const release = paysInterest
      ? transfer(systemAccount('staking_reserved'), systemAccount('staking_reward_pool'), row.coin, interest)
      : [];
    await post(tx, {
      type: 'staking_redemption',
      idempotencyKey: `${reference}:principal`,
      reference,
      memo: 'early',
      postings: [...back, ...release],
    });
  } else {
    await post(tx, {
      type: 'staking_redemption',
      idempotencyKey: `${reference}:principal`,
      reference,
      postings: back,
    });
    faultPoint('staking.maturity');
    if (paysInterest) {
      await post(tx, {
        type: 'staking_interest',
        idempotencyKey: `${reference}:interest`,
        reference,
        postings: transfer(systemAccount('staking_reserved'), userAccount(row.user), row.coin, interest),
      });
    }
  }
  const [updated] = await tx
    .update(stakes)
    .set({ status: 'redeemed', early, earned: early ? '0' : interest, redeemedAt: at })
    .where(and(eq(stakes.id, row.id), eq(stakes.status, 'staked')))
    .returning();
  if (!updated) throw new Error(`stake ${row.id} changed under its lock`);
  return updated;
}

/**
 * A user redeems a stake (10041). A matured stake the job has not reached yet is paid in full;
 * before maturity only where the plan allowed early redemption, and then principal only.
 */
export async function redeem(tx: Tx, wallet: string, id: number, now: number): Promise<Stake> {
  const [row] = await tx.select().from(stakes).where(eq(stakes.id, id)).for('update');
  if (!row || row.user !== wallet.toLowerCase()) throw new DomainError('not_found');
  if (row.status !== 'staked') throw new DomainError('stake_not_redeemable');
  const matured = row.maturesAt.getTime() <= now;
  if (!matured && !row.earlyRedemption) throw new DomainError('stake_not_redeemable');
  return toStake(await close(tx, row, !matured, new Date(now)));
}

/** Pays one stake if it is due at `at` and still staked; false when there was nothing to do. */
export async function matureStake(tx: Tx, id: number, at: Date): Promise<boolean> {
  const [row] = await tx.select().from(stakes).where(eq(stakes.id, id)).for('update');
  if (row?.status !== 'staked' || row.maturesAt.getTime() > at.getTime()) return false;
  await close(tx, row, false, at);
  return true;
}

const BATCH = 200;

/**
 * Pays every stake due at `at`, each in a transaction of its own, and returns how many it paid.
 * Safe to run again or alongside another run: each stake is locked and checked before paying.
 */
export async function matureDueStakes(db: Db, at: Date): Promise<number> {
  let paid = 0;
  let after = 0;
  for (;;) {
    const due = await db
      .select({ id: stakes.id })
      .from(stakes)
      .where(and(eq(stakes.status, 'staked'), lte(stakes.maturesAt, at), gt(stakes.id, after)))
      .orderBy(asc(stakes.id))
      .limit(BATCH);
    for (const { id } of due) {
      if (await retryOnConflict(() => db.transaction((tx) => matureStake(tx, id, at)))) paid += 1;
      after = id;
    }
    if (due.length < BATCH) return paid;
  }
}

export async function stakingRecords(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number; status?: StakeStatus | undefined },
): Promise<Page<Stake>> {
  const where = and(
    eq(stakes.user, wallet.toLowerCase()),
    filter.status ? eq(stakes.status, filter.status) : undefined,
  );
  return readTablePage(db, filter, stakes, {
    where,
    order: [desc(stakes.id)],
    list: (rows) => rows.map(toStake),
  });
}
