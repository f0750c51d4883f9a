/**
 * Staking through the API and the operator commands, on PGlite and PostgreSQL: plans with what is
 * left of them, validation, principal staked and interest reserved in one entry, early
 * redemption, and a plan that sells out instead of over-promising. Maturity and random concurrent
 * sequences are in staking-maturity.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { DAY_MS } from '../../protocol/staking.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { journalEntries } from '../../server/ledger/ledger.schema.ts';
import { runMaturity } from '../../server/modules/staking/staking.job.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useStakingApp } from '../helpers/staking-app.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`staking on ${target.name}`, () => {
    const { env, admin, pool, reserved, user } = useStakingApp(target);

    test('plans are public, with what is left; the yield label is the best open plan', async () => {
      const anonymous = caller(env.app);
      const answer = await anonymous('10035');
      expect(answer.respCode).toBe('00000');
      const plans = dataOf(answer);
      expect(plans.map((p) => `${p.coin}/${p.days}`)).toEqual([
        'USDT/7',
        'USDT/30',
        'USDT/90',
        'BTC/60',
        'ETH/30',
        'ETH/180',
      ]);
      expect(plans.find((p) => p.coin === 'USDT' && p.days === 7)).toMatchObject({
        apr: '6',
        min: '10',
        max: '10000',
        quota: '1000000',
        remaining: '1000000',
        soldOut: false,
        earlyRedemption: true,
        staked: '0',
      });
      // No BTC was set aside for interest: the plan is sold out rather than promising it.
      expect(plans.find((p) => p.coin === 'BTC')).toMatchObject({ remaining: '0', soldOut: true });
      // 20 ETH covers 20 / (7.2% x 180/365) = 563.27 ETH of the 180-day plan: less than its quota.
      expect(plans.find((p) => p.coin === 'ETH' && p.days === 180)?.remaining).toBe('563.27160493');
      const config = dataOf(await anonymous('00000'));
      expect(config.maxApr).toBe('18');
      expect(config.features.staking).toBe(true);
    });

    test('bad amounts are refused with the plan bounds and change nothing', async () => {
      const u = await user({ USDT: '100' });
      expect(await u.stake('USDT', 7, '5')).toMatchObject({
        respCode: ERRORS.amount_out_of_range.code,
        respMsg: 'The amount must be between 10 and 10000.',
      });
      expect((await u.stake('USDT', 7, '10.0000001')).respCode).toBe(ERRORS.amount_out_of_range.code);
      expect((await u.stake('USDT', 7, '20000')).respCode).toBe(ERRORS.amount_out_of_range.code);
      expect(await u.stake('USDT', 7, '500')).toMatchObject({
        respCode: ERRORS.insufficient_balance.code,
        respMsg: 'Insufficient USDT balance',
      });
      expect(await u.stake('BTC', 60, '0.01')).toMatchObject({
        respCode: ERRORS.plan_sold_out.code,
        respMsg: 'This BTC staking plan is sold out.',
      });
      const unknown = await u.call('10036', { planId: '999999', amount: '10', requestId: randomUUID() });
      expect(unknown.respCode).toBe(ERRORS.not_found.code);
      const anonymous = await caller(env.app)('10036', {
        planId: '1',
        amount: '10',
        requestId: randomUUID(),
      });
      expect(anonymous.respCode).toBe('500');
      expect(await u.balance('USDT')).toBe('100');
      expect(await u.balance('USDT', 'staked')).toBe('0');
    });

    test('staking moves the principal and reserves the interest in one entry; records show it', async () => {
      const u = await user({ USDT: '2000' });
      const [poolBefore, reservedBefore] = [await pool('USDT'), await reserved('USDT')];
      const staked = await u.stake('USDT', 30, '1000');
      expect(staked.respCode).toBe('00000');
      const s = dataOf(staked);
      // 1000 x 12% x 30 / 365 = 9.8630136..., rounded down to USDT's 6 decimals.
      expect(s).toMatchObject({
        coin: 'USDT',
        amount: '1000',
        days: 30,
        apr: '12',
        interest: '9.863013',
        earned: null,
        status: 'staked',
        earlyRedemption: false,
      });
      expect(s.expiresAt - s.stakedAt).toBe(30 * DAY_MS);
      expect(await u.balance('USDT')).toBe('1000');
      expect(await u.balance('USDT', 'staked')).toBe('1000');
      expect(Number(poolBefore) - Number(await pool('USDT'))).toBeCloseTo(9.863013, 6);
      expect(Number(await reserved('USDT')) - Number(reservedBefore)).toBeCloseTo(9.863013, 6);
      const [entry] = await env.database.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.idempotencyKey, `stake:${s.id}:open`));
      expect(entry?.type).toBe('staking');
      const postingsOfEntry = await env.database.db.execute(
        sql`select count(*)::int as n from postings where entry_id = ${entry?.id}`,
      );
      expect(rowsOf<{ n: number }>(postingsOfEntry)[0]?.n).toBe(4);

      const assets = dataOf(await u.call('10010'));
      expect(assets.assets.find((a) => a.coin === 'USDT')).toMatchObject({
        available: '1000',
        total: '2000',
      });
      const records = await u.records();
      expect(records.list).toEqual([s]);
      expect((await u.plan('USDT', 30)).staked).toBe('1000');
      const finance = dataOf(await u.call('10011'));
      expect(finance.list[0]).toMatchObject({ type: 'staking', amount: '-1000' });
      // This plan does not allow early redemption.
      expect(await u.redeemStake(s.id)).toMatchObject({
        respCode: ERRORS.stake_not_redeemable.code,
        respMsg: 'This stake cannot be redeemed now.',
      });
      expect(await u.balance('USDT', 'staked')).toBe('1000');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('early redemption returns the principal only and releases the interest to the pool', async () => {
      const u = await user({ USDT: '500' });
      const other = await user({ USDT: '10' });
      const s = dataOf(await u.stake('USDT', 7, '365'));
      expect(s.interest).toBe('0.42'); // 365 x 6% x 7 / 365
      const [poolAfterStake, reservedAfterStake] = [await pool('USDT'), await reserved('USDT')];
      expect((await other.redeemStake(s.id)).respCode).toBe(ERRORS.not_found.code);
      const redeemed = await u.redeemStake(s.id);
      expect(redeemed.data).toMatchObject({ status: 'redeemed', early: true, earned: '0' });
      expect(await u.balance('USDT')).toBe('500');
      expect(await u.balance('USDT', 'staked')).toBe('0');
      expect(Number(await pool('USDT')) - Number(poolAfterStake)).toBeCloseTo(0.42, 6);
      expect(Number(reservedAfterStake) - Number(await reserved('USDT'))).toBeCloseTo(0.42, 6);
      expect((await u.redeemStake(s.id)).respCode).toBe(ERRORS.stake_not_redeemable.code);
      // A stake redeemed early is never paid at maturity.
      await runMaturity(env.database, new Date(Date.now() + 8 * DAY_MS));
      expect(await u.balance('USDT')).toBe('500');
      const finance = dataOf(await u.call('10011'));
      expect(finance.list.slice(0, 2).map((r) => [r.type, r.amount])).toEqual([
        ['staking_redemption', '365'],
        ['staking', '-365'],
      ]);
    });

    test('a plan sells out instead of over-promising, also under concurrent stakes', async () => {
      // TRX: 100% APR for 365 days pays the principal again; a pool of 10 TRX covers 10 TRX staked.
      expect(
        (
          await admin(
            'config',
            'staking-plan',
            'TRX',
            '365',
            '--apr',
            '100',
            '--min',
            '1',
            '--max',
            '100',
            '--quota',
            '1000',
          )
        ).ok,
      ).toBe(true);
      expect((await admin('fund', 'staking-pool', 'TRX', '10')).ok).toBe(true);
      const first = await user({ TRX: '100' });
      expect((await first.plan('TRX', 365)).remaining).toBe('10');
      expect(await first.stake('TRX', 365, '11')).toMatchObject({
        respCode: ERRORS.stake_limit_exceeded.code,
        respMsg: 'You can stake at most 10 TRX more in this plan.',
      });
      expect((await first.stake('TRX', 365, '4')).respCode).toBe('00000');
      // Six users race for the 6 TRX of interest left; each stakes 1.5: four fit, and not a unit more.
      const racers = await Promise.all(Array.from({ length: 6 }, () => user({ TRX: '5' })));
      const results = await Promise.all(racers.map((r) => r.stake('TRX', 365, '1.5')));
      const codes = results.map((r) => r.respCode).sort();
      expect(codes.filter((c) => c === '00000')).toHaveLength(4);
      expect(codes.filter((c) => c !== '00000').every((c) => c === ERRORS.plan_sold_out.code)).toBe(true);
      expect(await pool('TRX')).toBe('0');
      expect(await reserved('TRX')).toBe('10');
      expect(await first.plan('TRX', 365)).toMatchObject({ remaining: '0', soldOut: true });
      expect((await first.stake('TRX', 365, '1')).respCode).toBe(ERRORS.plan_sold_out.code);
      // Funding the pool opens the plan again.
      expect((await admin('fund', 'staking-pool', 'TRX', '2')).ok).toBe(true);
      expect((await first.plan('TRX', 365)).remaining).toBe('2');
      const listed = await admin('staking', 'plans');
      expect(listed.text).toMatch(/TRX\s+365 days 100% APR .* remaining 2\b/);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('the per-user maximum counts what the user already has staked in the plan', async () => {
      const u = await user({ ETH: '30' });
      expect((await u.stake('ETH', 30, '15')).respCode).toBe('00000');
      expect(await u.stake('ETH', 30, '6')).toMatchObject({
        respCode: ERRORS.stake_limit_exceeded.code,
        respMsg: 'You can stake at most 5 ETH more in this plan.',
      });
      expect((await u.stake('ETH', 30, '5')).respCode).toBe('00000');
    });
  });
}
