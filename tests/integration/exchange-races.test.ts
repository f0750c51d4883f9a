/**
 * Flash exchange under concurrency, on PGlite and PostgreSQL: random concurrent exchanges across
 * users, with retried requests, that leave the books balanced and no balance negative, and
 * simultaneous exchanges that only the funds of some can pay for. The rest is in exchange.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import type { ExchangeRecord } from '../../protocol/exchange.ts';
import { dec, fmt } from '../../protocol/money.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { expectExactlyFundable } from '../helpers/double-spend.ts';
import { useExchangeApp } from '../helpers/exchange-app.ts';
import { lcg } from '../helpers/random.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`flash exchange invariants on ${target.name}`, () => {
    const { env, admin, user, system } = useExchangeApp(target);

    test('random concurrent exchanges across users: books balance, nothing negative, retries apply once', async () => {
      // A small SOL inventory, so that some exchanges run into it.
      await admin(
        'config',
        'coin',
        'SOL',
        '--name',
        'Solana',
        '--precision',
        '8',
        '--chains',
        'ERC20',
        '--sort',
        '9',
      );
      await admin(
        'config',
        'pair',
        'USDT',
        'SOL',
        '--spread',
        '0.3',
        '--fee',
        '0.2',
        '--min',
        '5',
        '--max',
        '20000',
      );
      await admin(
        'config',
        'pair',
        'SOL',
        'USDT',
        '--spread',
        '0.3',
        '--fee',
        '0.2',
        '--min',
        '0.01',
        '--max',
        '100',
      );
      await admin('fund', 'exchange_inventory', 'SOL', '40');
      const coins = ['USDT', 'BTC', 'ETH', 'SOL'];
      const pairs = ['USDT_BTC', 'BTC_USDT', 'USDT_ETH', 'ETH_USDT', 'USDT_SOL', 'SOL_USDT'];
      const start: Record<string, string> = { USDT: '20000', BTC: '0.3', ETH: '4' };
      const users = await Promise.all(Array.from({ length: 6 }, () => user(start)));
      const inventoryStart = Object.fromEntries(
        await Promise.all(coins.map(async (c) => [c, await system('exchange_inventory', c)] as const)),
      );
      const revenueStart = Object.fromEntries(
        await Promise.all(coins.map(async (c) => [c, await system('fee_revenue', c)] as const)),
      );

      const random = lcg(7).fraction;
      const amountFor = (pair: string) => {
        const from = pair.split('_')[0] as string;
        const scale = { USDT: 3000, BTC: 0.1, ETH: 1.5, SOL: 15 }[from] as number;
        const places = from === 'USDT' ? 2 : 6;
        return fmt(dec(random() * scale).toDecimalPlaces(places)) || '0';
      };

      const applied = new Map<string, ExchangeRecord>();
      const errors = new Map<string, number>();
      let lastQuote: { pair: string; quoteId: string } | null = null;
      const one = async () => {
        const u = users[Math.floor(random() * users.length)] as (typeof users)[number];
        // A reused quote is exchanged on its own pair with an amount in that pair's range, so that
        // it reaches the quote (and is refused as used or someone else's), not the range check.
        const reuse = lastQuote && random() < 0.1 ? lastQuote : null;
        const pair = reuse?.pair ?? (pairs[Math.floor(random() * pairs.length)] as string);
        let amount = amountFor(pair);
        if (amount === '0') amount = pair.startsWith('USDT') ? '10' : '0.01';
        const quote = reuse ?? { pair, quoteId: (await u.quote(pair)).quoteId };
        lastQuote = quote;
        const requestId = randomUUID();
        const copies = random() < 0.25 ? 2 : 1;
        const answers = await Promise.all(
          Array.from({ length: copies }, () => u.exchange(quote.pair, amount, quote.quoteId, requestId)),
        );
        for (const answer of answers) {
          // The only answer with a 5xx status is the internal error (503).
          expect(answer.respCode, answer.respMsg).not.toBe(ERRORS.internal_error.code);
          if (answer.respCode === '00000') {
            const record = dataOf(answer);
            const earlier = applied.get(requestId);
            if (earlier) expect(record).toEqual(earlier);
            applied.set(requestId, record);
          } else {
            errors.set(answer.respCode, (errors.get(answer.respCode) ?? 0) + 1);
          }
        }
      };
      for (let round = 0; round < 12; round++) await Promise.all(Array.from({ length: 8 }, one));

      // Only the refusals the rules allow, and some of each kind this run provokes.
      const allowed = new Set<string>(
        (
          [
            'insufficient_balance',
            'exchange_inventory_insufficient',
            'amount_out_of_range',
            'quote_expired',
          ] as const
        ).map((n) => ERRORS[n].code),
      );
      for (const code of errors.keys()) expect(allowed.has(code), code).toBe(true);
      expect(applied.size).toBeGreaterThan(20);
      expect(errors.get(ERRORS.quote_expired.code) ?? 0).toBeGreaterThan(0);

      const audit = await auditLedger(env.database.db);
      expect(audit).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });

      // One stored exchange per applied requestId, and each user's balances follow from them.
      const stored: ExchangeRecord[] = [];
      for (const u of users) {
        const page = dataOf(await u.call('10034', { size: '100' }));
        stored.push(...page.list);
        for (const coin of coins) {
          let expected = dec(start[coin] ?? '0');
          for (const r of page.list) {
            if (r.from === coin) expected = expected.minus(dec(r.amount));
            if (r.to === coin) expected = expected.plus(dec(r.receive));
          }
          expect(await u.available(coin), `${u.address} ${coin}`).toBe(fmt(expected));
          expect(expected.isNegative()).toBe(false);
        }
      }
      expect(stored.map((r) => r.id).sort()).toEqual([...applied.values()].map((r) => r.id).sort());

      // The inventory took every amount in and paid every gross out; revenue holds every fee.
      for (const coin of coins) {
        let inventory = dec(inventoryStart[coin] ?? '0');
        let revenue = dec(revenueStart[coin] ?? '0');
        for (const r of stored) {
          if (r.from === coin) inventory = inventory.plus(dec(r.amount));
          if (r.to === coin) {
            inventory = inventory.minus(dec(r.gross));
            revenue = revenue.plus(dec(r.fee));
          }
        }
        expect(await system('exchange_inventory', coin), coin).toBe(fmt(inventory));
        expect(inventory.isNegative()).toBe(false);
        expect(await system('fee_revenue', coin), coin).toBe(fmt(revenue));
      }
      // Each exchange is exactly one journal entry.
      const entries = rowsOf<{ n: number }>(
        await env.database.db.execute(
          sql`select count(*)::int as n from journal_entries where type = 'exchange'`,
        ),
      );
      expect(Number(entries[0]?.n)).toBe(stored.length);
    }, 120_000);

    test('50 simultaneous exchanges, funds for three: exactly three are executed', async () => {
      const { refused } = await expectExactlyFundable({
        user: (amount) => user({ USDT: amount }),
        attempt: async (u) => {
          const quote = await u.quote('USDT_BTC', '100');
          return u.exchange('USDT_BTC', '100', quote.quoteId);
        },
        available: (u) => u.available('USDT'),
      });
      expect(refused).toEqual([ERRORS.insufficient_balance.code]);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });
  });
}
