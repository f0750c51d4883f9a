/** Operator staking commands: plan configuration, the plan list, and the maturity job on demand. */
import { eq } from 'drizzle-orm';
import { dec } from '../../../protocol/money.ts';
import { STAKING_APR_DECIMALS, STAKING_MAX_APR, STAKING_MAX_DAYS } from '../../../protocol/staking.ts';
import { coins } from '../../modules/config/config.schema.ts';
import { runMaturity } from '../../modules/staking/staking.job.ts';
import { stakingPlans } from '../../modules/staking/staking.schema.ts';
import { listPlans } from '../../modules/staking/staking.service.ts';
import { type AdminCommand, AdminUsageError, jobBusy } from '../command.ts';
import { decimalOption, flagOptions, sortOption, valueOptions } from '../options.ts';
import { listText } from '../text.ts';

export const configStakingPlanCommand: AdminCommand = {
  name: 'config staking-plan',
  summary: 'Add or change the staking plan of a coin and duration: APR, minimum, maximum per user, quota',
  usage:
    'config staking-plan <COIN> <DAYS> --apr <percent> --min <n> --max <n> --quota <n> [--early-redemption] [--sort <n>] [--disable] --reason "…"',
  mutating: true,
  options: {
    ...valueOptions('apr', 'min', 'max', 'quota', 'sort'),
    ...flagOptions('early-redemption', 'disable'),
  },
  async run(ctx, { positionals, values }) {
    const [coin, rawDays] = positionals;
    const [coinRow] = await ctx.db
      .select({ precision: coins.precision })
      .from(coins)
      .where(eq(coins.symbol, coin ?? ''));
    if (!coin || !coinRow) throw new AdminUsageError('name a configured coin, e.g. USDT');
    const days = Number(rawDays);
    if (!Number.isInteger(days) || days < 1 || days > STAKING_MAX_DAYS)
      throw new AdminUsageError(`DAYS must be a whole number from 1 to ${STAKING_MAX_DAYS}`);
    const apr = decimalOption(values.apr, 'apr', STAKING_APR_DECIMALS, false);
    if (dec(apr).greaterThan(dec(STAKING_MAX_APR)))
      throw new AdminUsageError(`--apr is a percentage of at most ${STAKING_MAX_APR}`);
    const min = decimalOption(values.min, 'min', coinRow.precision, true);
    const max = decimalOption(values.max, 'max', coinRow.precision, true);
    const quota = decimalOption(values.quota, 'quota', coinRow.precision, true);
    if (dec(max).lessThan(dec(min)) || dec(quota).lessThan(dec(max)))
      throw new AdminUsageError('need min <= max <= quota');
    const sort = sortOption(values.sort);
    const plan = {
      coin,
      days,
      apr,
      min,
      max,
      quota,
      earlyRedemption: values['early-redemption'] === true,
      enabled: values.disable !== true,
      sort,
    };
    // Existing stakes keep the terms they were made under; only new stakes see the change.
    const [saved] = await ctx.db
      .insert(stakingPlans)
      .values(plan)
      .onConflictDoUpdate({
        target: [stakingPlans.coin, stakingPlans.days],
        set: { ...plan, updatedAt: new Date() },
      })
      .returning({ id: stakingPlans.id });
    return {
      text: `staking plan #${saved?.id} (${coin}, ${days} days, ${apr}% APR) saved`,
      json: { id: saved?.id, ...plan },
    };
  },
};

export const stakingPlansCommand: AdminCommand = {
  name: 'staking plans',
  summary: 'List staking plans with what is left of each (quota and reward pool)',
  usage: 'staking plans',
  mutating: false,
  options: {},
  async run(ctx) {
    const plans = await listPlans(ctx.db, null, { all: true });
    const text = listText(
      plans,
      'no staking plans',
      (p) =>
        `#${p.id} ${p.coin} ${String(p.days).padStart(4)} days ${p.apr}% APR min ${p.min} max ${p.max} quota ${p.quota} remaining ${p.remaining}${p.soldOut ? ' SOLD OUT' : ''}${p.earlyRedemption ? ' early-redemption' : ''}${p.enabled ? '' : ' disabled'}`,
    );
    return { text, json: plans.map(({ staked: _, ...p }) => p) };
  },
};

export const stakingMatureCommand: AdminCommand = {
  name: 'staking mature',
  summary: 'Run the maturity job now or for a given moment: pays every stake due by then, once',
  usage: 'staking mature [--at <ISO time>]',
  // Each stake is paid in a transaction of its own (and the job takes its advisory lock), so the
  // command does not run inside one transaction; it is recorded in the audit table all the same.
  mutating: false,
  options: valueOptions('at'),
  async run(ctx, { values }) {
    const at = values.at === undefined ? new Date() : new Date(String(values.at));
    if (Number.isNaN(at.getTime()))
      throw new AdminUsageError('--at must be an ISO time such as 2026-12-01T00:00:00Z');
    const run = await runMaturity(ctx.database, at);
    return {
      text: run.ran ? `${run.paid} stakes paid (due by ${at.toISOString()})` : jobBusy('maturity'),
      json: { ...run, at: at.toISOString() },
    };
  },
};
