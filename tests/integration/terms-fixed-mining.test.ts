/**
 * Terms fixed at reservation, cloud mining (issue #36, docs/ledger.md "Terms fixed at
 * reservation"; the other features are in terms-fixed.test.ts), through the API and the operator
 * commands, on PGlite and PostgreSQL: a holding's output is what its purchase reserved, whatever
 * the demo oracle's yield or the coin's price do later; a declared output above that is reserved
 * by the declaration (or the purchase, when declared before it) from the pool, or refused; a
 * machine's coin, kind and shares are fixed while holdings run. Machines start on fixed future
 * days, so no test depends on today's date.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { addDays } from '../../protocol/mining.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { dataOf } from '../helpers/app.ts';
import { createControlledSource } from '../helpers/controlled-prices.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { checkedAdmin, directAdmin } from '../helpers/direct-admin.ts';
import { miningBooks } from '../helpers/mining-app.ts';
import { useMarketApp } from '../helpers/seeded-app.ts';
import { fundedWallet } from '../helpers/wallets.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`mining terms fixed at reservation on ${target.name}`, () => {
    const env = useMarketApp(target, createControlledSource());
    const admin = directAdmin(env);
    const ok = checkedAdmin(env);
    const { pool, reserved, reserveLeft, machine } = miningBooks(env);

    /** Machine `key` producing coin `coin` (made here), 10 TH/s at 1 coin per TH/s: 10 a unit a day. */
    const machineArgs = (key: string, coin: string, start: string, extra: Record<string, string> = {}) => {
      const options: Record<string, string> = {
        '--name': key,
        '--algorithm': 'SHA-256',
        '--coin': coin,
        '--hashrate': '10',
        '--power': '1000',
        '--size': '1 × 1 × 1 mm',
        '--weight': '1',
        '--chip': 'X',
        '--environment': 'lab',
        '--cycle': '5',
        '--rent': '100',
        '--fee': '10',
        '--min': '1',
        '--stock': '10',
        '--start': start,
        ...extra,
      };
      return ['config', 'machine', key, ...Object.entries(options).flat()];
    };
    async function product(key: string, coin: string, start: string, poolFunds: string, joint = false) {
      await ok('config', 'coin', coin, '--name', coin, '--precision', '8', '--chains', 'none');
      await ok('config', 'mining-yield', coin, '--per-th', '1');
      await ok(...machineArgs(key, coin, start), ...(joint ? ['--joint'] : []));
      await ok('fund', 'mining-pool', coin, poolFunds);
    }

    async function user(usdt = '5000') {
      const { call, balance } = await fundedWallet(env, { USDT: usdt });
      const buy = async (key: string, count: string) => {
        const m = await machine(key);
        const answer = m.joint
          ? await call('10058', {
              productId: String(m.id),
              shares: count,
              requestId: randomUUID(),
            })
          : await call('10052', {
              productId: String(m.id),
              quantity: count,
              requestId: randomUUID(),
            });
        expect(answer.respCode, answer.respMsg).toBe('00000');
        return dataOf(answer);
      };
      const holding = async (id: number) =>
        ((await call('10053', { size: '100' })).data?.list ?? []).find((h) => h.id === id);
      const income = async (id: number) =>
        ((await call('10055', { size: '100', holdingId: String(id) })).data?.list ?? [])
          .map((i) => [i.day, i.amount, i.source])
          .reverse();
      return { buy, holding, income, balance };
    }

    test('the oracle’s yield and the coin’s price change after a rental: every day pays the estimate reserved at purchase', async () => {
      env.source.pin('DOGEUSDT', '0.1340000', '0.1341000');
      const u = await user();
      // L7: 0.0095 TH/s x 2600 DOGE = 24.7 a machine a day; two for 30 days reserve 1482.
      const h = await u.buy('L7', '2');
      const [poolAfter, before] = [await pool('DOGE'), await machine('L7')];
      await ok('config', 'mining-yield', 'DOGE', '--per-th', '26000');
      env.source.pin('DOGEUSDT', '1.3400000', '1.3410000');
      const after = await machine('L7');
      // New rentals see the new figures; the one made keeps its own.
      expect(after.estimatedDailyOutput).toBe('247');
      expect(after.yieldRate).not.toBe(before.yieldRate);
      expect(await pool('DOGE')).toBe(poolAfter);
      await ok('mining', 'settle', '--through', h.firstDay);
      await ok('config', 'mining-yield', 'DOGE', '--per-th', '260');
      await ok('mining', 'settle', '--through', addDays(h.firstDay, 1));
      expect(await u.income(h.id)).toEqual([
        [h.firstDay, '49.4', 'demo'],
        [addDays(h.firstDay, 1), '49.4', 'demo'],
      ]);
      await ok('mining', 'settle', '--through', h.lastDay);
      expect(await u.holding(h.id)).toMatchObject({ status: 'expired', earned: '1482' });
      expect(await u.balance('DOGE')).toBe('1482');
      // Nothing came from the pool, nothing went back: the estimate was the promise.
      expect(await pool('DOGE')).toBe(poolAfter);
      expect(await reserved('DOGE')).toBe(await reserveLeft('DOGE'));
      await ok('config', 'mining-yield', 'DOGE', '--per-th', '2600');
    });

    test('a declared output above the estimate is reserved from the pool by the declaration, or refused', async () => {
      await product('TFM1', 'TFMA', '2099-01-01T00:00:00Z', '60');
      const u = await user();
      const h = await u.buy('TFM1', '1');
      expect(h).toMatchObject({ firstDay: '2099-01-01', lastDay: '2099-01-05' });
      expect([await pool('TFMA'), await reserved('TFMA')]).toEqual(['10', '50']);
      const declare = (day: string, perUnit: string) =>
        admin('mining', 'output', '--product', 'TFM1', '--date', day, '--per-unit', perUnit);
      // 15 on day one: 5 above the estimate of 10, moved into the reserve by the declaration.
      expect((await declare('2099-01-01', '15')).ok).toBe(true);
      expect([await pool('TFMA'), await reserved('TFMA')]).toEqual(['5', '55']);
      expect(await reserveLeft('TFMA')).toBe('55');
      // 30 on day two needs 20 more; the pool holds 5: refused, nothing declared or moved.
      const refused = await declare('2099-01-02', '30');
      expect(refused).toMatchObject({ ok: false, exitCode: 2 });
      expect(refused.text).toMatch(/needs 20 TFMA more .* the mining output pool holds 5 TFMA/);
      expect([await pool('TFMA'), await reserved('TFMA')]).toEqual(['5', '55']);
      await ok('fund', 'mining-pool', 'TFMA', '20');
      expect((await declare('2099-01-02', '30')).ok).toBe(true);
      expect([await pool('TFMA'), await reserved('TFMA')]).toEqual(['5', '75']);
      // Lowered again: what was reserved stays reserved until the cycle ends.
      expect((await declare('2099-01-01', '12')).ok).toBe(true);
      expect([await pool('TFMA'), await reserved('TFMA')]).toEqual(['5', '75']);
      await ok('mining', 'settle', '--through', '2099-01-05');
      expect(await u.income(h.id)).toEqual([
        ['2099-01-01', '12', 'declared'],
        ['2099-01-02', '30', 'declared'],
        ['2099-01-03', '10', 'demo'],
        ['2099-01-04', '10', 'demo'],
        ['2099-01-05', '10', 'demo'],
      ]);
      // 75 reserved, 72 paid: 3 back to the pool with the last day.
      expect(await u.balance('TFMA')).toBe('72');
      expect([await pool('TFMA'), await reserved('TFMA')]).toEqual(['8', '0']);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('an output declared before a purchase is reserved by the purchase', async () => {
      await product('TFM2', 'TFMB', '2099-03-01T00:00:00Z', '100');
      await ok('mining', 'output', '--product', 'TFM2', '--date', '2099-03-03', '--per-unit', '40');
      const u = await user();
      const h = await u.buy('TFM2', '1');
      // The estimate (5 days of 10) and day three's 30 above it.
      expect([await pool('TFMB'), await reserved('TFMB')]).toEqual(['20', '80']);
      await ok('mining', 'settle', '--through', h.lastDay);
      expect((await u.income(h.id)).map(([, amount]) => amount)).toEqual(['10', '10', '40', '10', '10']);
      expect([await pool('TFMB'), await reserved('TFMB')]).toEqual(['20', '0']);
    });

    test('a machine’s coin, kind and shares are fixed while holdings run; rent, fee, hashrate and cycle apply to new purchases', async () => {
      await product('TFJV', 'TFMC', '2099-05-01T00:00:00Z', '100', true);
      await ok('config', 'coin', 'TFMD', '--name', 'TFMD', '--precision', '8', '--chains', 'none');
      const u = await user();
      // 4 of 10 shares of a 10-a-day machine: 4 a day, 20 over the cycle; 4 x (100 + 10) paid.
      const h = await u.buy('TFJV', '4');
      expect(h).toMatchObject({ units: 4, of: 10, paid: '440', serviceFee: '40', cycleDays: 5 });
      const start = '2099-05-01T00:00:00Z';
      const changes: [Record<string, string>, boolean][] = [
        [{ '--stock': '20' }, true],
        [{ '--coin': 'TFMD' }, true],
        [{}, false],
      ];
      for (const change of changes) {
        const [extra, joint] = change;
        const refused = await admin(
          ...machineArgs('TFJV', 'TFMC', start, extra),
          ...(joint ? ['--joint'] : []),
        );
        expect(refused, JSON.stringify(change)).toMatchObject({ ok: false, exitCode: 2 });
        expect(refused.text).toMatch(/TFJV has 1 active holding: its coin, kind and shares are fixed/);
      }
      await ok(
        ...machineArgs('TFJV', 'TFMC', start, {
          '--rent': '500',
          '--fee': '50',
          '--hashrate': '100',
          '--boost': '50',
          '--cycle': '9',
        }),
        '--joint',
      );
      expect(await u.holding(h.id)).toMatchObject({
        paid: '440',
        serviceFee: '40',
        cycleDays: 5,
        hashrate: '4',
      });
      await ok('mining', 'settle', '--through', '2099-05-09');
      expect((await u.income(h.id)).map(([, amount]) => amount)).toEqual(['4', '4', '4', '4', '4']);
      expect(await u.holding(h.id)).toMatchObject({ status: 'expired', earned: '20' });
      // With no holding running, the machine may be split anew.
      await ok(...machineArgs('TFJV', 'TFMC', start, { '--stock': '20' }), '--joint');
      expect((await machine('TFJV')).shares).toBe(20);
    });
  });
}
