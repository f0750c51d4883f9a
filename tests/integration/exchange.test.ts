/**
 * Flash exchange through the API and the operator commands, on PGlite and PostgreSQL: pairs and
 * quotes priced from the market engine, execution as one balanced entry against the inventory,
 * validation, quote expiry and single use, and exactly-once under retries. Random concurrent
 * exchanges across users are in exchange-races.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DomainError } from '../../protocol/domain-error.ts';
import { ERRORS, type ErrorName } from '../../protocol/errors.ts';
import type { ExchangePair } from '../../protocol/exchange.ts';
import { QUOTE_TTL_MS } from '../../protocol/exchange.ts';
import { dec, fmt } from '../../protocol/money.ts';
import type { Tx } from '../../server/db/client.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { exchangeQuotes } from '../../server/modules/exchange/exchange.schema.ts';
import { executeExchange } from '../../server/modules/exchange/exchange.service.ts';
import { demoPairCommand } from '../../server/modules/exchange/index.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { opsAdmin } from '../helpers/direct-admin.ts';
import { quoteOf, useExchangeApp } from '../helpers/exchange-app.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`flash exchange on ${target.name}`, () => {
    const { env, admin, user, system } = useExchangeApp(target);

    test('the feature is open; 10030 without fields lists the demo pairs both ways', async () => {
      const anonymous = caller(env.app);
      const config = dataOf(await anonymous('00000'));
      expect(config.features.exchange).toBe(true);
      const { pairs, quote } = dataOf(await anonymous('10030'));
      expect(quote).toBeNull();
      expect(pairs.map((p) => p.pair).sort()).toEqual(
        [
          ...['BTC', 'ETH', 'TRX', 'BNB'].flatMap((c) => [`USDT_${c}`, `${c}_USDT`]),
          // Mined coins are sold for USDT (docs/mining.md).
          ...['LTC', 'DOGE', 'KAS'].map((c) => `${c}_USDT`),
        ].sort(),
      );
      expect(pairs.find((p) => p.pair === 'BTC_USDT')).toEqual({
        pair: 'BTC_USDT',
        from: 'BTC',
        to: 'USDT',
        min: '0.0001',
        max: '1',
        fromPrecision: 8,
        toPrecision: 6,
        feePercent: '0.1',
        spreadPercent: '0.2',
      } satisfies ExchangePair);
    });

    test('a quote is the market mid moved by the spread against the user, valid for a few seconds', async () => {
      const anonymous = caller(env.app);
      const before = Date.now();
      const buy = quoteOf(await anonymous('10030', { pair: 'USDT_BTC', amount: '100' }));
      const tick = env.engine.quote('BTCUSDT', buy.issuedAt);
      const mid = dec(tick.bid).plus(dec(tick.ask)).dividedBy(2);
      expect(buy).toMatchObject({ pair: 'USDT_BTC', baseCoin: 'BTC', quoteCoin: 'USDT', amount: '100' });
      expect(dec(buy.price).minus(mid.times('1.002')).abs().lessThan('0.01')).toBe(true);
      expect(dec(buy.price).greaterThanOrEqualTo(mid.times('1.002'))).toBe(true);
      expect(buy.expiresAt - buy.issuedAt).toBe(QUOTE_TTL_MS);
      expect(buy.issuedAt).toBeGreaterThanOrEqual(before);
      // gross = 100 / price down to 8 decimals; fee 0.1 % up; receive = gross - fee.
      const gross = dec('100').dividedBy(dec(buy.price)).toDecimalPlaces(8, 1);
      expect(buy.gross).toBe(fmt(gross));
      expect(
        dec(buy.fee ?? '')
          .plus(dec(buy.receive ?? ''))
          .equals(gross),
      ).toBe(true);

      const sell = quoteOf(await anonymous('10030', { pair: 'BTC_USDT' }));
      expect(sell).toMatchObject({ amount: null, gross: null, fee: null, receive: null });
      expect(dec(sell.price).lessThan(dec(buy.price))).toBe(true);

      for (const [body, error] of [
        [{ pair: 'USDT_DOGE' }, 'exchange_pair_unavailable'],
        [{ pair: 'usdt-btc' }, 'field_invalid'],
        [{ pair: 'USDT_BTC', amount: '1.1234567' }, 'field_invalid'],
        [{ pair: 'USDT_BTC', amount: '-1' }, 'field_invalid'],
      ] as const) {
        expect((await anonymous('10030', body)).respCode).toBe(ERRORS[error].code);
      }
    });

    test('assets are valued at the bid of their USDT market, the same prices the exchange quotes from', async () => {
      const alice = await user({ USDT: '100', BTC: '0.5', ETH: '2' });
      const before = Date.now();
      const assets = dataOf(await alice.call('10010'));
      const after = Date.now();
      const value = (coin: string) => assets.assets.find((a) => a.coin === coin)?.valueUsdt;
      expect(value('USDT')).toBe('100');
      for (const [coin, held] of [
        ['BTC', '0.5'],
        ['ETH', '2'],
      ] as const) {
        // The simulated price moves by the millisecond, and the server read it at some moment of
        // the call: the value is the holding at the bid of one of those milliseconds (to 6 places).
        const got = dec(value(coin) ?? 'NaN');
        let matched = false;
        for (let at = before; at <= after && !matched; at += 1) {
          const expected = dec(held).times(dec(env.engine.quote(`${coin}USDT`, at).bid));
          matched = got.minus(expected).abs().lessThanOrEqualTo('0.000001');
        }
        expect(matched, `${coin} ${got} is no bid of ${before}..${after}`).toBe(true);
        expect(got.decimalPlaces()).toBeLessThanOrEqual(6);
      }
      expect(value('TRX')).toBe('0');
      expect(assets.unpriced).toEqual([]);
      const sum = assets.assets.reduce((n, a) => n.plus(dec(a.valueUsdt ?? '0')), dec('0'));
      expect(assets.totalUsdt).toBe(fmt(sum));
    });

    test('an exchange moves both legs and the fee in one balanced entry, shown in the records', async () => {
      const alice = await user({ USDT: '1000' });
      const [inventoryUsdt, inventoryBtc, revenueBtc] = await Promise.all([
        system('exchange_inventory', 'USDT'),
        system('exchange_inventory', 'BTC'),
        system('fee_revenue', 'BTC'),
      ]);
      const quote = await alice.quote('USDT_BTC', '250');
      const requestId = randomUUID();
      const done = await alice.exchange('USDT_BTC', '250', quote.quoteId, requestId);
      expect(done.respCode, done.respMsg).toBe('00000');
      const record = dataOf(done);
      expect(record).toMatchObject({
        pair: 'USDT_BTC',
        from: 'USDT',
        to: 'BTC',
        amount: '250',
        price: quote.price,
        gross: quote.gross,
        fee: quote.fee,
        receive: quote.receive,
      });
      expect(await alice.available('USDT')).toBe('750');
      expect(await alice.available('BTC')).toBe(record.receive);
      expect(fmt(dec(await system('exchange_inventory', 'USDT')).minus(dec(inventoryUsdt)))).toBe('250');
      expect(fmt(dec(inventoryBtc).minus(dec(await system('exchange_inventory', 'BTC'))))).toBe(record.gross);
      expect(fmt(dec(await system('fee_revenue', 'BTC')).minus(dec(revenueBtc)))).toBe(record.fee);

      // A retry with the same requestId answers the first result and moves nothing.
      const retry = await alice.exchange('USDT_BTC', '250', quote.quoteId, requestId);
      expect(retry.data).toEqual(record);
      expect(await alice.available('USDT')).toBe('750');
      // The quote is single use: a new request with it is refused.
      const again = await alice.exchange('USDT_BTC', '250', quote.quoteId);
      expect(again).toMatchObject({
        respCode: ERRORS.quote_expired.code,
        respMsg: 'This price has expired or was already used. Please check the new price and try again.',
      });

      const records = dataOf(await alice.call('10034'));
      expect(records).toMatchObject({ total: 1, page: 1, size: 20 });
      expect(records.list).toEqual([record]);
      const finance = dataOf(await alice.call('10011', { type: 'exchange' }));
      expect(finance.list.map((r) => [r.coin, r.amount]).sort()).toEqual(
        [
          ['BTC', record.receive],
          ['USDT', '-250'],
        ].sort(),
      );
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('selling into USDT, and a second user never sees the first one’s records', async () => {
      const bob = await user({ BTC: '0.5' });
      const quote = await bob.quote('BTC_USDT', '0.12345678');
      const done = await bob.exchange('BTC_USDT', '0.12345678', quote.quoteId);
      const record = dataOf(done);
      expect(record.receive).toBe(quote.receive);
      expect(dec(record.gross).equals(dec('0.12345678').times(dec(quote.price)).toDecimalPlaces(6, 1))).toBe(
        true,
      );
      expect(await bob.available('BTC')).toBe('0.37654322');
      expect(await bob.available('USDT')).toBe(record.receive);
      const records = dataOf(await bob.call('10034'));
      expect(records.list.map((r) => r.id)).toEqual([record.id]);
    });

    test('SPEC section 5 validation: limits, precision, balance, pair, session; nothing changes', async () => {
      const carol = await user({ USDT: '100' });
      const quote = await carol.quote('USDT_ETH');
      const refuse = async (pair: string, amount: string, error: ErrorName, message?: string) => {
        const answer = await carol.exchange(pair, amount, quote.quoteId);
        expect(answer.respCode, `${pair} ${amount}`).toBe(ERRORS[error].code);
        if (message) expect(answer.respMsg).toBe(message);
      };
      await refuse('USDT_ETH', '9.99', 'amount_out_of_range', 'The amount must be between 10 and 50000.');
      await refuse('USDT_ETH', '50000.000001', 'amount_out_of_range');
      await refuse('USDT_ETH', '10.0000001', 'field_invalid');
      await refuse('USDT_ETH', '150', 'insufficient_balance', 'Insufficient USDT balance');
      await refuse('USDT_DOGE', '20', 'exchange_pair_unavailable');
      // The quote was for USDT -> ETH; it is no quote for another pair.
      await refuse('USDT_BNB', '20', 'quote_expired');
      expect(
        await carol.call('10031', { pair: 'USDT_ETH', amount: '20', requestId: randomUUID() }),
      ).toMatchObject({ respCode: ERRORS.field_required.code });
      const anonymous = await caller(env.app)('10031', {
        pair: 'USDT_ETH',
        amount: '20',
        quoteId: quote.quoteId,
        requestId: randomUUID(),
      });
      expect(anonymous.respCode).toBe(ERRORS.session_ended.code);
      // Another wallet cannot use a quote made for this one.
      const dave = await user({ USDT: '100' });
      expect((await dave.exchange('USDT_ETH', '20', quote.quoteId)).respCode).toBe(ERRORS.quote_expired.code);
      // After all those refusals the quote is still good.
      expect((await carol.exchange('USDT_ETH', '20', quote.quoteId)).respCode).toBe('00000');
      expect(await carol.available('USDT')).toBe('80');
      expect(await dave.available('USDT')).toBe('100');
    });

    test('an expired quote is refused with a clear error and moves nothing', async () => {
      const erin = await user({ USDT: '100' });
      const quote = await erin.quote('USDT_TRX', '50');
      // The service at the last valid millisecond and just after.
      const attempt = (now: number) =>
        env.database.db.transaction(async (tx) => {
          await executeExchange(
            tx as Tx,
            erin.address,
            { pair: 'USDT_TRX', amount: '50', quoteId: quote.quoteId, requestId: randomUUID() },
            now,
          );
          throw new Error('roll back');
        });
      await expect(attempt(quote.expiresAt)).rejects.toSatisfy(
        (e) => e instanceof DomainError && e.errorName === 'quote_expired',
      );
      await expect(attempt(quote.expiresAt - 1)).rejects.toThrow('roll back');
      // Through the API, once the clock has passed the expiry.
      await env.database.db
        .update(exchangeQuotes)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(exchangeQuotes.id, quote.quoteId));
      const late = await erin.exchange('USDT_TRX', '50', quote.quoteId);
      expect(late.respCode).toBe(ERRORS.quote_expired.code);
      expect(await erin.available('USDT')).toBe('100');
      expect(await erin.available('TRX')).toBe('0');
    });

    test('an exchange the inventory cannot cover is refused, and the quote stays usable', async () => {
      await admin(...demoPairCommand('USDT', 'BTC', '10', '10000000'));
      try {
        const whale = await user({ USDT: '3000000' });
        const inventory = await system('exchange_inventory', 'BTC');
        const quote = await whale.quote('USDT_BTC', '3000000');
        expect(dec(quote.gross ?? '0').greaterThan(dec(inventory))).toBe(true);
        const refused = await whale.exchange('USDT_BTC', '3000000', quote.quoteId);
        expect(refused).toMatchObject({
          respCode: ERRORS.exchange_inventory_insufficient.code,
          respMsg: 'The exchange cannot cover this much BTC right now. Please try a smaller amount.',
        });
        expect(await whale.available('USDT')).toBe('3000000');
        expect(await system('exchange_inventory', 'BTC')).toBe(inventory);
        expect((await whale.exchange('USDT_BTC', '1000', quote.quoteId)).respCode).toBe('00000');
      } finally {
        await admin(...demoPairCommand('USDT', 'BTC', '10', '50000'));
      }
    });

    test('operator commands: a pair needs a market that joins its coins; a disabled pair is unavailable', async () => {
      const bad = await opsAdmin(env)(...demoPairCommand('BTC', 'ETH', '1', '2'), '--reason', 't');
      expect(bad).toMatchObject({ ok: false });
      expect(bad.text).toContain('ETHBTC or BTCETH');
      const listed = await admin('exchange', 'pairs');
      expect(listed.text).toContain('USDT_BTC');
      await admin(...demoPairCommand('BNB', 'USDT', '0.01', '60'), '--disable');
      try {
        const anonymous = caller(env.app);
        const pairs = dataOf(await anonymous('10030')).pairs;
        expect(pairs.map((p) => p.pair)).not.toContain('BNB_USDT');
        expect((await anonymous('10030', { pair: 'BNB_USDT' })).respCode).toBe(
          ERRORS.exchange_pair_unavailable.code,
        );
      } finally {
        await admin(...demoPairCommand('BNB', 'USDT', '0.01', '60'));
      }
    });
  });
}
