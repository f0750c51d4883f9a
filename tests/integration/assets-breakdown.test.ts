/**
 * The assets screen adds up (issue #40, 4): per coin, available + reserved (open orders, IDO
 * subscriptions, withdrawals under way) + staked is the row's total, and the rows' values are the
 * total in USDT, after a stake, a pending order, an IDO subscription and a rental.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { dec } from '../../protocol/money.ts';
import { runPhases } from '../../server/modules/ido/ido.job.ts';
import { dataOf } from '../helpers/app.ts';
import { createControlledSource } from '../helpers/controlled-prices.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useMarketApp } from '../helpers/seeded-app.ts';
import { fundedWallet } from '../helpers/wallets.ts';

const source = createControlledSource();
for (const [symbol, bid, ask] of [
  ['BTCUSDT', '60000', '60001'],
  ['ETHUSDT', '3000', '3000.5'],
  ['DOGEUSDT', '0.1', '0.10002'],
  ['LTCUSDT', '100', '100.05'],
  ['KASUSDT', '0.1', '0.1001'],
] as const)
  source.pin(symbol, bid, ask);

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`the assets breakdown on ${target.name}`, () => {
    const env = useMarketApp(target, source);

    test('every row adds up, and the rows make the total, after a stake, an order, a subscription and a rental', async () => {
      const u = await fundedWallet(env, { USDT: '20000' });
      const ok = async (answer: Promise<{ respCode: string; respMsg: string }>) => {
        const a = await answer;
        expect(a.respCode, a.respMsg).toBe('00000');
      };
      const plan = dataOf(await u.call('10035')).find((p) => p.coin === 'USDT' && !p.soldOut);
      const machine = dataOf(await u.call('10050', { size: '100' })).list.find((m) => !m.joint && !m.soldOut);
      // The seeded offering opens once the phase job has run (its treasury holds the offering).
      await runPhases(env.database, new Date());
      const offering = dataOf(await u.call('10060', { phase: 'ongoing' })).list[0];
      if (!plan || !machine || !offering)
        throw new Error(
          `the demo seed offers a plan, a machine and an offering: ${[!!plan, !!machine, !!offering]}`,
        );
      await ok(u.call('10036', { planId: String(plan.id), amount: plan.min, requestId: randomUUID() }));
      await ok(
        u.call('10073', {
          kind: 'buy_limit',
          side: 'buy',
          symbol: 'BTCUSDT',
          lots: '0.01',
          price: '50000',
          requestId: randomUUID(),
        }),
      );
      await ok(
        u.call('10063', {
          offeringId: String(offering.id),
          shares: String(offering.minShares ?? 1),
          requestId: randomUUID(),
        }),
      );
      await ok(
        u.call('10052', {
          productId: String(machine.id),
          quantity: String(machine.minPurchase),
          requestId: randomUUID(),
        }),
      );

      const assets = dataOf(await u.call('10010'));
      const usdt = assets.assets.find((a) => a.coin === 'USDT');
      expect(dec(usdt?.staked ?? '0').greaterThan(0)).toBe(true);
      expect(dec(usdt?.frozen ?? '0').greaterThan(0)).toBe(true);
      for (const row of assets.assets) {
        expect(dec(row.available).plus(row.frozen).plus(row.staked).toFixed(), row.coin).toBe(
          dec(row.total).toFixed(),
        );
      }
      const values = assets.assets.reduce((sum, a) => (a.valueUsdt ? sum.plus(a.valueUsdt) : sum), dec(0));
      expect(values.toFixed()).toBe(dec(assets.totalUsdt).toFixed());
      // What was paid out (the rental) is gone; the rest of the 20,000 is all on the screen.
      expect(dec(usdt?.total ?? '0').lessThan(20_000)).toBe(true);
    });
  });
}
