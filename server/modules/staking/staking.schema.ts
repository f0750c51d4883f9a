import { boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { STAKE_STATUSES } from '../../../protocol/staking.ts';
import {
  at,
  enabledFlag,
  money,
  percent,
  rowRef,
  serialId,
  sortOrder,
  updatedAt,
  userWallet,
} from '../../db/columns.ts';
import { coinRef } from '../../ledger/coins.schema.ts';

/** Staking plans (operator configuration): one per coin and duration. */
export const stakingPlans = pgTable(
  'staking_plans',
  {
    id: serialId(),
    coin: coinRef('coin'),
    days: integer('days').notNull(),
    /** Percent per year. */
    apr: percent('apr').notNull(),
    min: money('min').notNull(),
    /** Per user, counting the user's stakes in the plan that are still staked. */
    max: money('max').notNull(),
    /** All users together, counting stakes that are still staked. */
    quota: money('quota').notNull(),
    earlyRedemption: boolean('early_redemption').notNull().default(false),
    enabled: enabledFlag(),
    sort: sortOrder(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('staking_plans_coin_days').on(t.coin, t.days)],
);

/**
 * One stake. The plan's terms are copied at staking time, so a later change of the plan never
 * changes a promise already made.
 */
export const stakes = pgTable(
  'stakes',
  {
    id: serialId(),
    user: userWallet(),
    planId: rowRef('plan_id', () => stakingPlans.id),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    days: integer('days').notNull(),
    apr: percent('apr').notNull(),
    /** Promised and reserved at staking time. */
    interest: money('interest').notNull(),
    earlyRedemption: boolean('early_redemption').notNull(),
    status: text('status', { enum: STAKE_STATUSES }).notNull(),
    /** Interest paid: null while staked, 0 after an early redemption. */
    earned: money('earned'),
    early: boolean('early').notNull().default(false),
    stakedAt: at('staked_at').notNull(),
    maturesAt: at('matures_at').notNull(),
    redeemedAt: at('redeemed_at'),
  },
  (t) => [
    index('stakes_user').on(t.user),
    index('stakes_due').on(t.status, t.maturesAt),
    index('stakes_plan_status').on(t.planId, t.status),
  ],
);
