/**
 * Terms fixed at reservation (issue #36, docs/ledger.md "Terms fixed at reservation"), through the
 * API and the operator commands, on PGlite and PostgreSQL: after money was reserved, an operator
 * changing the terms it was reserved under either changes nothing already reserved or is refused.
 * Flash exchange (a quote's price and fee against the pair's new spread and fee; limits and the
 * switch are the pair's at execution), staking (APR, quota, early redemption), IDO (an offering
 * cannot be re-created, its token's precision is fixed) and referral (the shares a fee's own
 * transaction reads). Mining is in terms-fixed-mining.test.ts; trading in trading-margin.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { dec, fmt } from '../../protocol/money.ts';
import { commissionOf } from '../../protocol/referral.ts';
import type { StakingPlan } from '../../protocol/staking.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { dataOf } from '../helpers/app.ts';
import { createControlledSource } from '../helpers/controlled-prices.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { checkedAdmin, directAdmin } from '../helpers/direct-admin.ts';
import { expectSuccess } from '../helpers/expect-success.ts';
import { useMarketApp } from '../helpers/seeded-app.ts';
import { fundedWallet } from '../helpers/wallets.ts';

const HOUR = 3_600_000;

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`terms fixed at reservation on ${target.name}`, () => {
    const env = useMarketApp(target, createControlledSource());
    const admin = directAdmin(env);
    const ok = checkedAdmin(env);
    const system = (account: Parameters<typeof systemAccount>[0], coin: string) =>
      balanceOf(env.database.db, systemAccount(account), coin);

    async function user(deposits: Record<string, string> = {}, inviteCode?: string) {
      const wallet = await fundedWallet(env, deposits, inviteCode ? { inviteCode } : {});
      const { signed, address, call } = wallet;
      const quote = async (pair: string, amount: string) => {
        const answer = await call('10030', { pair, amount });
        expect(answer.respCode, answer.respMsg).toBe('00000');
        const quoted = dataOf(answer).quote;
        if (!quoted) throw new Error(`no quote for ${amount} on ${pair}`);
        return quoted;
      };
      const exchange = (pair: string, amount: string, quoteId: string) =>
        call('10031', { pair, amount, quoteId, requestId: randomUUID() });
      const balance = (coin: string, bucket: 'available' | 'frozen' | 'staked' = 'available') =>
        wallet.balance(coin, bucket);
      const code = signed.login?.user.inviteCode ?? '';
      return { address: address.toLowerCase(), code, call, quote, exchange, balance };
    }

    test('exchange: the quote fixes price and fee; the pair’s new spread and fee, and the market, apply to new quotes', async () => {
      env.source.pin('BTCUSDT', '95000.00', '95001.00');
      const u = await user({ USDT: '1000' });
      // Spread 0.2 % and fee 0.1 % (docs/exchange.md's worked example): 100 USDT buys 0.00104946 BTC.
      const quoted = await u.quote('USDT_BTC', '100');
      expect(quoted).toMatchObject({ price: '95190.51', gross: '0.00105052', receive: '0.00104946' });
      await ok(
        ...['config', 'pair', 'USDT', 'BTC', '--spread', '5', '--fee', '5'],
        ...['--min', '10', '--max', '50000'],
      );
      env.source.pin('BTCUSDT', '190000.00', '190001.00');
      const now = await u.quote('USDT_BTC', '100');
      expect(dec(now.receive ?? '0').lessThan(dec('0.0006'))).toBe(true);
      const done = await u.exchange('USDT_BTC', '100', quoted.quoteId);
      expectSuccess(done, {
        price: quoted.price,
        gross: quoted.gross,
        fee: quoted.fee,
        receive: quoted.receive,
      });
      expect(await u.balance('BTC')).toBe(quoted.receive);
      expect(await u.balance('USDT')).toBe('900');
      await ok(
        ...['config', 'pair', 'USDT', 'BTC', '--spread', '0.2', '--fee', '0.1'],
        ...['--min', '10', '--max', '50000'],
      );
    });

    test('exchange: limits and the switch are the pair’s at execution; narrowed after the quote, the exchange is refused and nothing moves', async () => {
      env.source.pin('ETHUSDT', '3000.00', '3000.20');
      const u = await user({ USDT: '1000' });
      const limits = ['--spread', '0.2', '--fee', '0.1', '--max', '50000'];
      const first = await u.quote('USDT_ETH', '100');
      await ok('config', 'pair', 'USDT', 'ETH', ...limits, '--min', '200');
      expect(await u.exchange('USDT_ETH', '100', first.quoteId)).toMatchObject({
        respCode: ERRORS.amount_out_of_range.code,
        respMsg: 'The amount must be between 200 and 50000.',
      });
      const second = await u.quote('USDT_ETH', '300');
      await ok('config', 'pair', 'USDT', 'ETH', ...limits, '--min', '10', '--disable');
      expect((await u.exchange('USDT_ETH', '300', second.quoteId)).respCode).toBe(
        ERRORS.exchange_pair_unavailable.code,
      );
      expect(await u.balance('USDT')).toBe('1000');
      expect(await u.balance('ETH')).toBe('0');
      await ok('config', 'pair', 'USDT', 'ETH', ...limits, '--min', '10');
    });

    test('staking: a stake keeps its APR, interest and early redemption; maturity pays what was reserved', async () => {
      const u = await user({ USDT: '5000' });
      const plans = (await u.call('10035')).data ?? [];
      const planOf = (days: number) => plans.find((p) => p.coin === 'USDT' && p.days === days) as StakingPlan;
      const stake = async (days: number, amount: string) => {
        const answer = await u.call('10036', {
          planId: String(planOf(days).id),
          amount,
          requestId: randomUUID(),
        });
        expect(answer.respCode, answer.respMsg).toBe('00000');
        return dataOf(answer);
      };
      const poolBefore = await system('staking_reward_pool', 'USDT');
      // 30 days at 12 %, no early redemption; 7 days at 6 %, early redemption allowed.
      const long = await stake(30, '1000');
      const short = await stake(7, '1000');
      expect(long).toMatchObject({ apr: '12', interest: '9.863013', earlyRedemption: false });
      expect(short).toMatchObject({ apr: '6', interest: '1.150684', earlyRedemption: true });
      const poolStaked = await system('staking_reward_pool', 'USDT');
      expect(poolStaked).toBe(fmt(dec(poolBefore).minus('11.013697')));
      // The operator changes everything a plan has: rate, limits below what is staked, the switch.
      await ok(
        ...['config', 'staking-plan', 'USDT', '30', '--apr', '48', '--min', '50', '--max', '100'],
        ...['--quota', '100', '--early-redemption'],
      );
      await ok(
        ...['config', 'staking-plan', 'USDT', '7', '--apr', '1', '--min', '10', '--max', '10000'],
        ...['--quota', '1000000', '--disable'],
      );
      expect(await system('staking_reward_pool', 'USDT')).toBe(poolStaked);
      // Early redemption is the stake's, not the plan's, in both directions.
      const redeem = (id: number) => u.call('10041', { id: String(id), requestId: randomUUID() });
      expect((await redeem(long.id)).respCode).toBe(ERRORS.stake_not_redeemable.code);
      expect((await redeem(short.id)).data).toMatchObject({ early: true, earned: '0', apr: '6' });
      expect(await system('staking_reward_pool', 'USDT')).toBe(fmt(dec(poolStaked).plus('1.150684')));
      // Maturity pays the interest promised at 12 %, reserved at staking time.
      await ok('staking', 'mature', '--at', new Date(long.expiresAt).toISOString());
      const records = (await u.call('10037')).data?.list ?? [];
      expect(records.find((s) => s.id === long.id)).toMatchObject({
        status: 'redeemed',
        apr: '12',
        days: 30,
        earned: '9.863013',
      });
      expect(await u.balance('USDT')).toBe('5009.863013');
      expect(await u.balance('USDT', 'staked')).toBe('0');
      expect(await system('staking_reward_pool', 'USDT')).toBe(fmt(dec(poolBefore).minus('9.863013')));
      await ok(
        ...['config', 'staking-plan', 'USDT', '30', '--apr', '12', '--min', '50', '--max', '50000'],
        ...['--quota', '2000000'],
      );
      await ok(
        ...['config', 'staking-plan', 'USDT', '7', '--apr', '6', '--min', '10', '--max', '10000'],
        ...['--quota', '1000000', '--early-redemption'],
      );
    });

    test('IDO: an offering is never re-created under subscribers, and its token’s precision is fixed once it holds money', async () => {
      const token = `TF${target.name === 'pglite' ? 'A' : 'B'}`;
      const now = Date.now();
      const created = await ok(
        ...['ido', 'create', token, '--name', 'Fixed', '--precision', '6', '--price', '0.5'],
        ...['--offering', '1000', '--share-size', '100', '--min-shares', '1', '--max-shares', '10'],
        ...['--start', new Date(now - 60_000).toISOString(), '--end', new Date(now + HOUR).toISOString()],
        ...['--release', new Date(now + 2 * HOUR).toISOString(), '--description', 'terms test'],
      );
      const id = (created.json as { id: number }).id;
      await ok('fund', 'ido-treasury', token, '1000');
      await ok('ido', 'advance', '--at', new Date(now).toISOString());
      const u = await user({ USDT: '1000' });
      const subscribed = await u.call('10063', {
        offeringId: String(id),
        shares: '4',
        requestId: randomUUID(),
      });
      expect(subscribed.respCode, subscribed.respMsg).toBe('00000');
      expect(await u.balance('USDT', 'frozen')).toBe('200');
      // A second `ido create` at another price, share size or size is refused: the token exists.
      const again = await admin(
        ...['ido', 'create', token, '--name', 'Fixed', '--precision', '6', '--price', '0.25'],
        ...['--offering', '5000', '--share-size', '10', '--min-shares', '1', '--max-shares', '10'],
        ...['--start', new Date(now - 60_000).toISOString(), '--end', new Date(now + HOUR).toISOString()],
        ...['--release', new Date(now + 2 * HOUR).toISOString(), '--description', 'terms test'],
      );
      expect(again).toMatchObject({ ok: false, exitCode: 2 });
      expect(again.text).toMatch(/already a coin/);
      // Allocating 400.123456 tokens would not fit a precision of 2; the change is refused.
      const precision = await admin(
        ...['config', 'coin', token, '--name', 'Fixed', '--precision', '2', '--chains', 'none'],
      );
      expect(precision).toMatchObject({ ok: false, exitCode: 2 });
      expect(precision.text).toMatch(new RegExp(`${token} has money in the books: its precision 6 is fixed`));
      await ok(...['config', 'coin', token, '--name', 'Fixed Token', '--precision', '6', '--chains', 'none']);
      await ok('ido', 'advance', '--at', new Date(now + 2 * HOUR).toISOString());
      const [position] = (await u.call('10064')).data?.list ?? [];
      expect(position).toMatchObject({ won: '400', consumed: '200', refunded: '0', phase: 'issued' });
      expect(await u.balance(token)).toBe('400');
      expect(await system('ido_treasury', token)).toBe('0');
    });

    test('referral: a fee pays the shares its own transaction reads; a change applies to later fees, never to paid ones', async () => {
      env.source.pin('ETHUSDT', '3000.00', '3000.20');
      const grand = await user();
      const parent = await user({}, grand.code);
      const child = await user({ USDT: '5000' }, parent.code);
      const swap = async () => {
        const q = await child.quote('USDT_ETH', '100');
        const done = await child.exchange('USDT_ETH', '100', q.quoteId);
        expect(done.respCode, done.respMsg).toBe('00000');
        return dataOf(done);
      };
      /** Per exchange of the child: its fee and the two commissions it paid. */
      const paid = async () =>
        rowsOf<{ quote: string; fee: string; direct: string | null; indirect: string | null }>(
          await env.database.db.execute(sql`
            select e.quote_id::text as quote, e.fee::text as fee,
              (select amount::text from referral_rewards r where r.source = 'exchange:' || e.quote_id and r.level = 1) as direct,
              (select amount::text from referral_rewards r where r.source = 'exchange:' || e.quote_id and r.level = 2) as indirect
            from exchanges e where e."user" = ${child.address} order by e.id`),
        ).map((r) => ({ ...r, direct: fmt(dec(r.direct ?? '0')), indirect: fmt(dec(r.indirect ?? '0')) }));
      const at = (fee: string, direct: string, indirect: string) => ({
        direct: commissionOf(fmt(dec(fee)), direct, 8),
        indirect: commissionOf(fmt(dec(fee)), indirect, 8),
      });

      await ok('config', 'referral', '--direct', '20', '--indirect', '10');
      const first = await swap();
      await ok('config', 'referral', '--direct', '50', '--indirect', '0');
      const second = await swap();
      const [a, b] = await paid();
      expect(a).toMatchObject(at(first.fee, '20', '10'));
      expect(b).toMatchObject(at(second.fee, '50', '0'));
      expect(dec(a?.direct ?? '0').greaterThan(0)).toBe(true);

      // Fees booked while the shares change: each pays both levels from one reading, old or new.
      const racing = await Promise.all([
        ...Array.from({ length: 6 }, () => swap()),
        ok('config', 'referral', '--direct', '30', '--indirect', '5'),
      ]);
      expect(racing).toHaveLength(7);
      for (const row of (await paid()).slice(2)) {
        const old = at(row.fee, '50', '0');
        const next = at(row.fee, '30', '5');
        expect([old, next]).toContainEqual({ direct: row.direct, indirect: row.indirect });
        expect(dec(row.direct).plus(dec(row.indirect)).lessThanOrEqualTo(dec(row.fee))).toBe(true);
      }
      await ok('config', 'referral', '--direct', '20', '--indirect', '10');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });
  });
}
