/**
 * Cloud mining through the API and the operator commands, on PGlite and PostgreSQL: the catalogue
 * with computed figures, rent and joint-venture shares paid and their output reserved in one
 * entry, bad input refused without a trace, and a machine the pool cannot cover sold out.
 * Settlement and random concurrent purchases are in mining-settlement.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { addDays, yieldRateOf } from '../../protocol/mining.ts';
import { dec, fmt } from '../../protocol/money.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { journalEntries } from '../../server/ledger/ledger.schema.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { listMachines } from '../../server/modules/mining/mining.catalogue.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { today, useMiningApp } from '../helpers/mining-app.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`mining on ${target.name}`, () => {
    const { env, admin, pool, reserved, anonymous, machine, user } = useMiningApp(target);

    test('the mall is public and every figure is computed from the configuration', async () => {
      const mall = await anonymous('10050');
      expect(mall.respCode).toBe('00000');
      expect(mall.data?.list.map((m) => m.key)).toEqual(['S21', 'S21XP', 'L9', 'L7', 'KS5PRO', 'S21HYD']);
      const s21 = await machine('S21');
      expect(s21).toMatchObject({
        name: 'Antminer S21',
        algorithm: 'SHA-256',
        coin: 'BTC',
        hashrate: '200',
        power: '3500',
        efficiency: '17.5',
        cycleDays: 30,
        rent: '225',
        serviceFee: '12',
        // 200 TH/s x 0.00000045 BTC per TH/s and day.
        estimatedDailyOutput: '0.00009',
        dailyOutputPerStep: '0.00009',
        outputSource: 'demo',
        joint: false,
        soldOut: false,
        shares: 200,
        available: 200,
      });
      // Without a market engine there is no price, so no yield is claimed.
      expect(s21.yieldRate).toBeNull();
      // The boost counts: 270 TH/s x 1.05 x 0.00000045 = 0.000127575, floored to 8 decimals.
      expect((await machine('S21XP')).estimatedDailyOutput).toBe('0.00012757');
      // 16 GH/s = 0.016 TH/s; efficiency in J/TH.
      expect(await machine('L9')).toMatchObject({ efficiency: '210000', estimatedDailyOutput: '0.07' });
      // LTC: 300 in the pool covers 300 / (0.07 x 60) = 71 rentals of the 120 in stock.
      expect((await machine('L9')).available).toBe(71);
      const jv = await machine('S21HYD');
      expect(jv).toMatchObject({ joint: true, shares: 100, minPurchase: 2, dailyOutputPerStep: '0.0000015' });
      const details = await anonymous('10051', { id: String(s21.id) });
      expect(details.data).toMatchObject({ key: 'S21', size: '400 × 195 × 290 mm', chip: 'BM1368' });
      expect((await anonymous('10051', { id: '999999' })).respCode).toBe(ERRORS.not_found.code);
      const config = dataOf(await anonymous('00000'));
      expect(config.features.mining).toBe(true);
    });

    test('the yield rate is the daily output at the USDT bid over the rent', async () => {
      const engine = new MarketEngine({
        database: env.database,
        source: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'test' }),
      });
      const now = Date.now();
      const { list } = await listMachines(env.database.db, engine, now, { page: 1, size: 100 });
      for (const m of list) {
        const bid = engine.quote(`${m.coin}USDT`, now).bid;
        expect(m.price).toBe(bid);
        expect(m.yieldRate).toBe(yieldRateOf(m.dailyOutputPerStep, bid, m.rent));
        expect(Number(m.yieldRate)).toBeGreaterThan(0);
        expect(m.cycleReturn).not.toBeNull();
      }
    });

    test('renting pays rent and fee and reserves the cycle output in one entry', async () => {
      const u = await user('1000');
      const [poolBefore, reservedBefore] = [await pool('BTC'), await reserved('BTC')];
      const availableBefore = (await machine('S21')).available;
      const requestId = randomUUID();
      const first = await u.rent('S21', '2', requestId);
      expect(first.respCode, first.respMsg).toBe('00000');
      const h = dataOf(first);
      expect(h).toMatchObject({
        units: 2,
        of: 1,
        paid: '474',
        serviceFee: '24',
        status: 'active',
        cycleDays: 30,
        daysPaid: 0,
        daysLeft: 30,
        earned: '0',
        firstDay: addDays(today(), 1),
        lastDay: addDays(today(), 30),
      });
      expect(await u.balance('USDT')).toBe('526');
      // 2 x 0.00009 x 30 days reserved from the pool.
      expect(await reserved('BTC')).toBe(fmt(dec(reservedBefore).plus('0.0054')));
      expect(await pool('BTC')).toBe(fmt(dec(poolBefore).minus('0.0054')));
      const entries = await env.database.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.reference, `mining:${h.id}`));
      expect(entries.map((e) => e.type)).toEqual(['mining_purchase']);
      // The same requestId again: the first answer, nothing moves twice.
      const again = await u.rent('S21', '2', requestId);
      expect(again.data).toEqual(first.data);
      expect(await u.balance('USDT')).toBe('526');
      expect((await machine('S21')).available).toBe(availableBefore - 2);
      const records = (await u.call('10011')).data?.list ?? [];
      expect(records.map((r) => [r.type, r.coin, r.amount])).toContainEqual([
        'mining_purchase',
        'USDT',
        '-474',
      ]);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('bad input gets its translated error and changes nothing', async () => {
      const u = await user('300');
      const s21 = await machine('S21');
      const cases: [Record<string, string>, string, string?][] = [
        [{ productId: '999999', quantity: '1' }, ERRORS.not_found.code],
        [{ productId: String(s21.id), quantity: '0' }, ERRORS.field_invalid.code],
        [{ productId: String(s21.id), quantity: '1.5' }, ERRORS.field_invalid.code],
        [{ productId: String(s21.id), quantity: '-1' }, ERRORS.field_invalid.code],
        [{ productId: String(s21.id), quantity: '1e2' }, ERRORS.field_invalid.code],
        [{ productId: String(s21.id) }, ERRORS.field_required.code],
        [{ productId: String(s21.id), quantity: '201' }, ERRORS.purchase_above_available.code],
        [
          { productId: String(s21.id), quantity: '2' },
          ERRORS.insufficient_balance.code,
          'Insufficient USDT balance',
        ],
        [{ productId: String((await machine('S21HYD')).id), quantity: '2' }, ERRORS.machine_joint_only.code],
      ];
      for (const [body, code, message] of cases) {
        const answer = await u.call('10052', { ...body, requestId: randomUUID() });
        expect(answer.respCode, JSON.stringify(body)).toBe(code);
        expect(answer.respMsg).not.toMatch(/errors\.|\{\{/);
        if (message) expect(answer.respMsg).toBe(message);
      }
      const jv = await machine('S21HYD');
      const below = await u.call('10058', { productId: String(jv.id), shares: '1', requestId: randomUUID() });
      expect(below).toMatchObject({
        respCode: ERRORS.purchase_below_minimum.code,
        respMsg: 'Purchase amount has a minimum of 2',
      });
      expect(
        (await u.call('10058', { productId: String(s21.id), shares: '2', requestId: randomUUID() })).respCode,
      ).toBe(ERRORS.machine_not_joint.code);
      // A requestId reused for another purchase is refused.
      const id = randomUUID();
      expect((await u.rent('S21', '1', id)).respCode).toBe('00000');
      expect((await u.rent('S21', '1', id)).respCode).toBe('00000');
      expect(
        (await u.call('10052', { productId: String(s21.id), quantity: '2', requestId: id })).respCode,
      ).toBe(ERRORS.request_id_reused.code);
      // Only the one rental went through.
      expect(await u.balance('USDT')).toBe('63');
      expect((await u.holdings()).total).toBe(1);
      // Without a session the wallet codes end the session.
      expect(
        (await anonymous('10052', { productId: '1', quantity: '1', requestId: randomUUID() })).respCode,
      ).toBe('500');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a machine the pool cannot cover is sold out instead of promised', async () => {
      expect(
        (
          await admin(
            ...[
              'config',
              'machine',
              'TINY',
              '--name',
              'Pool test',
              '--algorithm',
              'SHA-256',
              '--coin',
              'ETH',
            ],
            ...[
              '--hashrate',
              '100',
              '--power',
              '3000',
              '--size',
              '1 × 1 × 1 mm',
              '--weight',
              '1',
              '--chip',
              'X',
            ],
            ...[
              '--environment',
              'lab',
              '--cycle',
              '10',
              '--rent',
              '10',
              '--fee',
              '1',
              '--min',
              '1',
              '--stock',
              '50',
            ],
          )
        ).ok,
      ).toBe(true);
      // No ETH yield configured and nothing declared: no output to promise, so sold out.
      expect(await machine('TINY')).toMatchObject({ estimatedDailyOutput: '0', soldOut: true, available: 0 });
      expect((await admin('config', 'mining-yield', 'ETH', '--per-th', '0.0001')).ok).toBe(true);
      // 0.01 ETH a day for 10 days: 0.1 ETH per rental, and the pool is empty.
      expect(await machine('TINY')).toMatchObject({ estimatedDailyOutput: '0.01', soldOut: true });
      const u = await user('100');
      const refused = await u.rent('TINY', '1');
      expect(refused).toMatchObject({
        respCode: ERRORS.machine_sold_out.code,
        respMsg: 'Pool test is sold out.',
      });
      expect(await u.balance('USDT')).toBe('100');
      expect((await admin('fund', 'mining-pool', 'ETH', '0.25')).ok).toBe(true);
      expect(await machine('TINY')).toMatchObject({ soldOut: false, available: 2 });
      expect((await u.rent('TINY', '3')).respCode).toBe(ERRORS.purchase_above_available.code);
      expect((await u.rent('TINY', '2')).respCode).toBe('00000');
      expect(await machine('TINY')).toMatchObject({ soldOut: true, available: 0 });
      expect(await pool('ETH')).toBe('0.05');
      expect(await reserved('ETH')).toBe('0.2');
    });
  });
}
