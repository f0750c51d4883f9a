/**
 * Cloud mining settlement and concurrency, on PGlite and PostgreSQL: settlement run for given
 * days (twice, and by two processes at once) paying each day once and ending holdings after their
 * cycle, simultaneous purchases only some can fund, and random concurrent purchases and
 * settlement days that leave the books balanced and the reserve equal to what remains to be paid.
 * The catalogue and purchases are in mining.test.ts.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { addDays } from '../../protocol/mining.ts';
import { dec, fmt } from '../../protocol/money.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { MINING_LOCK_KEY, runSettlement } from '../../server/modules/mining/mining.job.ts';
import { miningHoldings, miningIncome } from '../../server/modules/mining/mining.schema.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS, withSecondConnection } from '../helpers/databases.ts';
import { expectExactlyFundable } from '../helpers/double-spend.ts';
import { today, useMiningApp } from '../helpers/mining-app.ts';
import { lcg } from '../helpers/random.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`mining on ${target.name}`, () => {
    const { env, admin, pool, reserved, reserveLeft, user } = useMiningApp(target);

    test('settling pays each day once, also run twice, and ends the holding after its cycle', async () => {
      const u = await user('1000');
      const h = dataOf(await u.rent('L7', '2'));
      const jv = dataOf(await u.buyShares('S21HYD', '4'));
      expect(jv).toMatchObject({ units: 4, of: 100, paid: '15.6', joint: true });
      // Day one has not ended yet at purchase: nothing to pay.
      expect(await runSettlement(env.database, today())).toMatchObject({ ran: true });
      expect((await u.income()).total).toBe(0);
      // The operator declares day two's real output; day one comes from the demo oracle.
      const day1 = h.firstDay;
      const day2 = addDays(day1, 1);
      expect(
        (await admin('mining', 'output', '--product', 'L7', '--date', day2, '--per-unit', '30')).ok,
      ).toBe(true);
      const settle = await admin('mining', 'settle', '--through', day2);
      expect(settle.ok, settle.text).toBe(true);
      const again = await admin('mining', 'settle', '--through', day2);
      expect(again.text).toMatch(/^0 holding-days paid/);
      const income = await u.income({ holdingId: String(h.id) });
      expect(income.list.map((i) => [i.day, i.amount, i.source])).toEqual([
        // Declared 30 a machine above the estimate of 24.7: the excess comes from the pool.
        [day2, '60', 'declared'],
        [day1, '49.4', 'demo'],
      ]);
      expect(await u.balance('DOGE')).toBe('109.4');
      // 4 of 100 shares of 0.00015075 BTC a day.
      expect((await u.income({ holdingId: String(jv.id) })).list.map((i) => i.amount)).toEqual([
        '0.00000603',
        '0.00000603',
      ]);
      const mine = (await u.holdings()).list.find((x) => x.id === h.id);
      expect(mine).toMatchObject({
        daysPaid: 2,
        daysLeft: 28,
        earned: '109.4',
        latestOutput: '60',
        latestDay: day2,
      });
      expect(await reserveLeft('DOGE')).toBe(await reserved('DOGE'));
      // Through the last day: 30 days paid, expired, the reserve's rest back in the pool.
      const last = addDays(day1, 29);
      expect((await admin('mining', 'settle', '--through', addDays(last, 5))).ok).toBe(true);
      const done = (await u.holdings()).list.find((x) => x.id === h.id);
      expect(done).toMatchObject({ status: 'expired', daysPaid: 30, daysLeft: 0 });
      expect((await u.income({ holdingId: String(h.id) })).total).toBe(30);
      expect(await u.balance('DOGE')).toBe(fmt(dec('109.4').plus(dec('49.4').times(28))));
      const holdingRow = await env.database.db
        .select()
        .from(miningHoldings)
        .where(eq(miningHoldings.id, h.id));
      expect(holdingRow[0]?.reserveLeft).toMatch(/^0(\.0+)?$/);
      expect(await reserveLeft('DOGE')).toBe(await reserved('DOGE'));
      const earnings = (await u.call('10011', { size: '100' })).data?.list ?? [];
      expect(earnings.filter((r) => r.type === 'mining_earnings')).toHaveLength(60);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test.skipIf(target.name !== 'postgres')(
      'two server processes: the advisory lock lets one run, and each day is paid once',
      async () => {
        const u = await user('2000');
        for (let i = 0; i < 4; i += 1) expect((await u.rent('KS5PRO', '1')).respCode).toBe('00000');
        await withSecondConnection(env.database, async (second) => {
          const held = await env.database.tryAdvisoryLock(MINING_LOCK_KEY);
          expect(held.acquired).toBe(true);
          const through = addDays(today(), 3);
          expect(await runSettlement(second, through)).toEqual({ ran: false, days: 0, failed: 0 });
          await held.release();
          await Promise.all([runSettlement(env.database, through), runSettlement(second, through)]);
          const rows = await env.database.db
            .select({ id: miningIncome.id })
            .from(miningIncome)
            .where(eq(miningIncome.user, u.address.toLowerCase()));
          expect(rows).toHaveLength(12);
          expect(await u.balance('KAS')).toBe(fmt(dec('77.7').times(12)));
        });
      },
    );

    test('50 simultaneous rentals and share purchases, funds for three: exactly three each', async () => {
      for (const attempt of [
        (u: Awaited<ReturnType<typeof user>>) => u.rent('L9', '1'),
        (u: Awaited<ReturnType<typeof user>>) => u.buyShares('S21HYD', '2'),
      ]) {
        const { refused } = await expectExactlyFundable({
          user,
          attempt,
          available: (u) => u.balance('USDT'),
        });
        expect(refused).toEqual([ERRORS.insufficient_balance.code]);
      }
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('random concurrent purchases and settlement days keep the books balanced', async () => {
      const people = await Promise.all(Array.from({ length: 5 }, () => user('3000')));
      const rand = lcg(7).below;
      const allowed = [
        '00000',
        ERRORS.insufficient_balance.code,
        ERRORS.machine_sold_out.code,
        ERRORS.purchase_above_available.code,
        ERRORS.purchase_below_minimum.code,
      ];
      const outcomes = new Map<string, number>();
      let day = today();
      for (let round = 0; round < 6; round += 1) {
        const actions = people.map((p) => {
          const kind = rand(4);
          if (kind === 0) return p.rent('L9', String(1 + rand(30)));
          if (kind === 1) return p.rent('KS5PRO', String(1 + rand(3)));
          if (kind === 2) return p.buyShares('S21HYD', String(1 + rand(12)));
          return p.rent('S21', String(1 + rand(4)));
        });
        day = addDays(day, rand(9));
        const [results] = await Promise.all([Promise.all(actions), runSettlement(env.database, day)]);
        for (const r of results) {
          outcomes.set(r.respCode, (outcomes.get(r.respCode) ?? 0) + 1);
          expect(allowed, JSON.stringify(r)).toContain(r.respCode);
        }
        for (const coin of ['BTC', 'LTC', 'KAS']) {
          expect(Number(await pool(coin))).toBeGreaterThanOrEqual(0);
          // The reserve holds exactly what active holdings still have to be paid from it.
          expect(await reserved(coin)).toBe(await reserveLeft(coin));
        }
        const report = await auditLedger(env.database.db);
        expect(report.ok, JSON.stringify(report)).toBe(true);
      }
      expect(outcomes.get('00000')).toBeGreaterThanOrEqual(3);
      // Far past every cycle: everything is paid and the reserves are empty for these machines.
      await runSettlement(env.database, addDays(day, 100));
      const open = await env.database.db
        .select({ id: miningHoldings.id })
        .from(miningHoldings)
        .where(and(eq(miningHoldings.status, 'active'), like(miningHoldings.coin, '%')));
      expect(open).toHaveLength(0);
      for (const coin of ['BTC', 'LTC', 'KAS', 'DOGE']) expect(await reserved(coin)).toBe('0');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
      // Six rounds and a hundred settled days: 8-22 s on two busy cores, over 30 s on an
      // overloaded one (a clean-clone run beside a 100,000-operation model run). A bound for hangs.
    }, 120_000);
  });
}
