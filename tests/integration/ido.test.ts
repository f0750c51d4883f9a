/**
 * The IDO launchpad through the API, the operator commands and the phase job, on PGlite and
 * PostgreSQL: offerings by phase, an unfunded offering that cannot open, subscriptions that freeze
 * USDT and refuse bad input without a trace, allocation of an over-subscribed sale to the unit
 * with the refund and the dust, the release of tokens and the unsold rest, each phase change once
 * (run twice, and by two processes at once), and random concurrent subscriptions that leave the
 * books balanced.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import type { IdoOffering } from '../../protocol/ido.ts';
import { dec, fmt } from '../../protocol/money.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { IDO_LOCK_KEY, runPhases } from '../../server/modules/ido/ido.job.ts';
import { stepOffering } from '../../server/modules/ido/ido.phases.ts';
import { caller, dataOf, type TestCall } from '../helpers/app.ts';
import { DATABASE_TARGETS, withSecondConnection } from '../helpers/databases.ts';
import { checkedAdmin } from '../helpers/direct-admin.ts';
import { expectExactlyFundable } from '../helpers/double-spend.ts';
import { lcg } from '../helpers/random.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { fundedWallet } from '../helpers/wallets.ts';

const HOUR = 3_600_000;
let tokens = 0;

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`IDO on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = checkedAdmin(env);
    const treasury = (token: string) => balanceOf(env.database.db, systemAccount('ido_treasury'), token);
    // env.app is read at each call: the app is built in the suite's beforeAll.
    const anonymous: TestCall = (code, body) => caller(env.app, { cookie: 'lang=en' })(code, body);

    /** A new offering of its own: `TK<n>` at `price`, started a minute ago, ending in an hour. */
    async function offering(options: {
      price: string;
      offering: string;
      share: string;
      min?: string;
      max?: string;
      precision?: string;
      fund?: boolean;
    }) {
      tokens += 1;
      const token = `TK${target.name === 'pglite' ? 'A' : 'B'}${tokens}`;
      const now = Date.now();
      const [start, end, release] = [now - 60_000, now + HOUR, now + 2 * HOUR];
      const created = await admin(
        ...['ido', 'create', token, '--name', `Test ${token}`, '--precision', options.precision ?? '6'],
        ...['--price', options.price, '--offering', options.offering, '--share-size', options.share],
        ...['--min-shares', options.min ?? '1', '--max-shares', options.max ?? '100'],
        ...['--start', new Date(start).toISOString(), '--end', new Date(end).toISOString()],
        ...['--release', new Date(release).toISOString(), '--description', 'test offering'],
      );
      const id = (created.json as { id: number }).id;
      if (options.fund !== false) await admin('fund', 'ido-treasury', token, options.offering);
      return { id, token, start, end, release };
    }

    async function user(usdt = '1000') {
      const wallet = await fundedWallet(env, { USDT: usdt });
      const { call } = wallet;
      const subscribe = (offeringId: number, shares: string, requestId = randomUUID()) =>
        call('10063', { offeringId: String(offeringId), shares, requestId });
      const positions = async () => dataOf(await call('10064'));
      return { address: wallet.address, call, subscribe, positions, balance: wallet.balance };
    }

    test('offerings are public by phase; the seeded one opens once its treasury holds the offering', async () => {
      const soon = await anonymous('10060', { phase: 'coming_soon' });
      expect(soon.data?.list.map((o) => o.token)).toEqual(['NOVA', 'ORBIT']);
      await runPhases(env.database, new Date());
      const ongoing = (await anonymous('10060', { phase: 'ongoing' })).data?.list ?? [];
      expect(ongoing.map((o) => o.token)).toContain('NOVA');
      const nova = ongoing.find((o) => o.token === 'NOVA') as IdoOffering;
      expect(nova).toMatchObject({
        price: '0.05',
        offering: '200000',
        shareSize: '1000',
        sharePrice: '50',
        minShares: 1,
        maxShares: 20,
        phase: 'ongoing',
        winningRate: null,
        issued: null,
      });
      expect((await anonymous('10062', { id: String(nova.id) })).data?.token).toBe('NOVA');
      expect((await anonymous('10062', { id: '999999' })).respCode).toBe(ERRORS.not_found.code);
      expect((await anonymous('10060', { phase: 'later' })).respCode).toBe(ERRORS.field_invalid.code);
      const config = dataOf(await anonymous('00000'));
      expect(config.features.ido).toBe(true);
    });

    test('an unfunded offering cannot open', async () => {
      const o = await offering({ price: '1', offering: '100', share: '10', fund: false });
      const run = await runPhases(env.database, new Date());
      expect(run.unfunded).toContain(o.id);
      expect((await anonymous('10062', { id: String(o.id) })).data?.phase).toBe('coming_soon');
      const u = await user();
      expect((await u.subscribe(o.id, '1')).respCode).toBe(ERRORS.not_open_yet.code);
      await admin('fund', 'ido-treasury', o.token, '100');
      await runPhases(env.database, new Date());
      expect((await anonymous('10062', { id: String(o.id) })).data?.phase).toBe('ongoing');
    });

    test('50 simultaneous subscriptions, funds for three shares: exactly three are accepted', async () => {
      const o = await offering({ price: '0.5', offering: '100000', share: '10', min: '1', max: '100' });
      await runPhases(env.database, new Date());
      const { refused } = await expectExactlyFundable({
        user,
        attempt: (u) => u.subscribe(o.id, '1'),
        available: (u) => u.balance('USDT'),
      });
      expect(refused).toEqual([ERRORS.insufficient_balance.code]);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('bad input gets its translated error and changes nothing', async () => {
      const o = await offering({ price: '0.5', offering: '1000', share: '100', min: '2', max: '5' });
      await runPhases(env.database, new Date());
      const u = await user('200');
      for (const [shares, code] of [
        ['0', ERRORS.field_invalid.code],
        ['1.5', ERRORS.field_invalid.code],
        ['-2', ERRORS.field_invalid.code],
        ['2e1', ERRORS.field_invalid.code],
        ['', ERRORS.field_required.code],
      ] as const) {
        const answer = await u.subscribe(o.id, shares);
        expect(answer.respCode, shares).toBe(code);
        expect(answer.respMsg).not.toMatch(/errors\.|\{\{/);
      }
      expect(await u.subscribe(o.id, '1')).toMatchObject({
        respCode: ERRORS.ido_below_minimum.code,
        respMsg: 'Subscribe to at least 2 shares.',
      });
      expect(await u.subscribe(o.id, '6')).toMatchObject({
        respCode: ERRORS.ido_share_limit.code,
        respMsg: 'You can subscribe to at most 5 more shares.',
      });
      // 5 shares cost 250 USDT; the user has 200.
      expect(await u.subscribe(o.id, '5')).toMatchObject({
        respCode: ERRORS.insufficient_balance.code,
        respMsg: 'Insufficient USDT balance',
      });
      const orbit = (await anonymous('10060', { phase: 'coming_soon' })).data?.list.find(
        (x) => x.token === 'ORBIT',
      ) as IdoOffering;
      expect(await u.subscribe(orbit.id, '1')).toMatchObject({
        respCode: ERRORS.not_open_yet.code,
        respMsg: 'Not open yet',
      });
      expect(await u.balance('USDT')).toBe('200');
      expect((await u.positions()).total).toBe(0);
      // A good one, replayed: the first answer, frozen once; more shares later add up to the max.
      const id = randomUUID();
      const first = await u.subscribe(o.id, '2', id);
      expect(first.respCode).toBe('00000');
      expect((await u.subscribe(o.id, '2', id)).data).toEqual(first.data);
      expect(await u.balance('USDT')).toBe('100');
      expect(await u.balance('USDT', 'frozen')).toBe('100');
      expect((await u.subscribe(o.id, '4')).respCode).toBe(ERRORS.ido_share_limit.code);
      expect((await u.subscribe(o.id, '1')).data).toMatchObject({ shares: 3, subscribedAmount: '150' });
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('over-subscribed: pro-rata tokens, the refund to the unit, dust to the house, release and unsold back', async () => {
      // 1,000 tokens at 0.3; shares of 100 tokens (30 USDT).
      const o = await offering({ price: '0.3', offering: '1000', share: '100', max: '20' });
      await runPhases(env.database, new Date());
      const [a, b, c] = [await user(), await user(), await user()];
      expect((await a.subscribe(o.id, '15')).respCode).toBe('00000');
      expect((await b.subscribe(o.id, '10')).respCode).toBe('00000');
      expect((await c.subscribe(o.id, '5')).respCode).toBe('00000');
      expect((await anonymous('10062', { id: String(o.id) })).data).toMatchObject({
        subscribed: '3000',
        participants: 3,
      });
      const dustBefore = await balanceOf(env.database.db, systemAccount('house_dust'), 'USDT');
      // The job at the end time: allocation, once, also when run again.
      expect((await runPhases(env.database, new Date(o.end))).changes).toContainEqual({
        id: o.id,
        phases: ['ended'],
      });
      expect((await runPhases(env.database, new Date(o.end))).changes).toEqual([]);
      const details = dataOf(await anonymous('10062', { id: String(o.id) }));
      expect(details).toMatchObject({ phase: 'ended', winningRate: '33.33' });
      const expected = [
        [a, '500', '150', '300'],
        [b, '333.333333', '100', '200'],
        [c, '166.666666', '50', '100'],
      ] as const;
      for (const [u, won, consumed, refund] of expected) {
        const [p] = (await u.positions()).list;
        expect(p).toMatchObject({ won, consumed, refunded: refund, frozen: '0', phase: 'ended' });
        expect(await u.balance('USDT', 'frozen')).toBe('0');
        expect(await u.balance('USDT')).toBe(fmt(dec('1000').minus(dec(consumed))));
      }
      expect((await b.positions()).list[0]?.personalRate).toBe('33.33');
      // b's 333.333333 tokens are worth 99.9999999 USDT: 100 paid, 0.0000001 of it... rounded to
      // USDT's unit: the seller gets 99.999999, the house 0.000001 (and c's likewise).
      const dust = await balanceOf(env.database.db, systemAccount('house_dust'), 'USDT');
      expect(fmt(dec(dust).minus(dec(dustBefore)))).toBe('0.000002');
      // The audit shows the house's dust with the other system accounts.
      expect((await auditLedger(env.database.db)).system.house_dust?.USDT).toBe(dust);
      const records = (await b.call('10011')).data?.list ?? [];
      expect(records.map((r) => [r.type, r.amount])).toEqual(
        expect.arrayContaining([
          ['ido_subscription', '-300'],
          ['ido_return', '200'],
        ]),
      );
      // Release: tokens to the winners, the 0.000001 left by the floors back to the operator.
      expect((await runPhases(env.database, new Date(o.release))).changes).toContainEqual({
        id: o.id,
        phases: ['issued'],
      });
      expect(await b.balance(o.token)).toBe('333.333333');
      expect(await a.balance(o.token)).toBe('500');
      expect(await treasury(o.token)).toBe('0');
      expect((await anonymous('10062', { id: String(o.id) })).data).toMatchObject({
        phase: 'issued',
        issued: '999.999999',
      });
      const released = (await a.call('10011')).data?.list.find((r) => r.type === 'ido_release');
      expect(released).toMatchObject({ coin: o.token, amount: '500' });
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('in chunks of one subscription: the same allocation and release; none taken once it began', async () => {
      const o = await offering({ price: '0.3', offering: '1000', share: '100', max: '20' });
      await runPhases(env.database, new Date());
      const [a, b, c, late] = [await user(), await user(), await user(), await user()];
      for (const [u, shares] of [
        [a, '15'],
        [b, '10'],
        [c, '5'],
      ] as const)
        expect((await u.subscribe(o.id, shares)).respCode).toBe('00000');
      // One transaction: the first subscription allocated, the total fixed, the phase still ongoing.
      expect(await stepOffering(env.database.db, o.id, new Date(o.end), 1)).toBe('chunk');
      expect((await anonymous('10062', { id: String(o.id) })).data).toMatchObject({ phase: 'ongoing' });
      expect((await late.subscribe(o.id, '5')).respCode).toBe(ERRORS.not_open_yet.code);
      expect(await late.balance('USDT', 'frozen')).toBe('0');
      // The rest, a chunk at a time, as a run after a kill would go on.
      expect((await runPhases(env.database, new Date(o.end), 1)).changes).toContainEqual({
        id: o.id,
        phases: ['ended'],
      });
      expect((await anonymous('10062', { id: String(o.id) })).data).toMatchObject({
        phase: 'ended',
        winningRate: '33.33',
      });
      for (const [u, won, consumed] of [
        [a, '500', '150'],
        [b, '333.333333', '100'],
        [c, '166.666666', '50'],
      ] as const) {
        expect((await u.positions()).list[0]).toMatchObject({ won, consumed, frozen: '0' });
        expect(await u.balance('USDT')).toBe(fmt(dec('1000').minus(dec(consumed))));
      }
      expect(await stepOffering(env.database.db, o.id, new Date(o.release), 1)).toBe('chunk');
      expect(await a.balance(o.token)).toBe('500');
      expect(await b.balance(o.token)).toBe('0');
      expect((await runPhases(env.database, new Date(o.release), 1)).changes).toContainEqual({
        id: o.id,
        phases: ['issued'],
      });
      expect(await b.balance(o.token)).toBe('333.333333');
      expect(await c.balance(o.token)).toBe('166.666666');
      expect(await treasury(o.token)).toBe('0');
      expect((await anonymous('10062', { id: String(o.id) })).data).toMatchObject({
        phase: 'issued',
        issued: '999.999999',
      });
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('under-subscribed: everyone wins what was asked, the unsold tokens go back', async () => {
      const o = await offering({ price: '2', offering: '500', share: '10' });
      await runPhases(env.database, new Date());
      const u = await user();
      expect((await u.subscribe(o.id, '3')).respCode).toBe('00000');
      await runPhases(env.database, new Date(o.release));
      expect((await u.positions()).list[0]).toMatchObject({
        won: '30',
        consumed: '60',
        refunded: '0',
        phase: 'issued',
      });
      expect(await u.balance(o.token)).toBe('30');
      expect(await u.balance('USDT')).toBe('940');
      expect(await treasury(o.token)).toBe('0');
      expect((await anonymous('10062', { id: String(o.id) })).data?.winningRate).toBe('100');
    });

    test.skipIf(target.name !== 'postgres')(
      'two server processes: the lock lets one run, and each phase changes once',
      async () => {
        const o = await offering({ price: '1', offering: '100', share: '10' });
        await runPhases(env.database, new Date());
        const people = await Promise.all([user(), user(), user()]);
        for (const p of people) expect((await p.subscribe(o.id, '5')).respCode).toBe('00000');
        await withSecondConnection(env.database, async (second) => {
          const held = await env.database.tryAdvisoryLock(IDO_LOCK_KEY);
          expect(held.acquired).toBe(true);
          expect(await runPhases(second, new Date(o.release))).toMatchObject({ ran: false, changes: [] });
          await held.release();
          const runs = await Promise.all([
            runPhases(env.database, new Date(o.release)),
            runPhases(second, new Date(o.release)),
          ]);
          const mine = runs.flatMap((r) => r.changes.filter((c) => c.id === o.id).flatMap((c) => c.phases));
          expect(mine).toEqual(['ended', 'issued']);
          for (const p of people) expect(await p.balance(o.token)).toBe('33.333333');
          expect((await auditLedger(env.database.db)).ok).toBe(true);
        });
      },
    );

    test('random concurrent subscriptions with the phase job running keep the books balanced', async () => {
      const o = await offering({
        price: '0.07',
        offering: '777.7777777',
        share: '3.3333333',
        precision: '7',
        max: '40',
      });
      await runPhases(env.database, new Date());
      const people = await Promise.all(Array.from({ length: 6 }, () => user('100')));
      const rand = lcg(11).below;
      const allowed = ['00000', ERRORS.ido_share_limit.code, ERRORS.insufficient_balance.code];
      for (let round = 0; round < 5; round += 1) {
        const [results] = await Promise.all([
          Promise.all(people.map((p) => p.subscribe(o.id, String(1 + rand(15))))),
          runPhases(env.database, new Date()),
        ]);
        for (const r of results) expect(allowed, JSON.stringify(r)).toContain(r.respCode);
        expect((await auditLedger(env.database.db)).ok).toBe(true);
      }
      await Promise.all([
        runPhases(env.database, new Date(o.release)),
        runPhases(env.database, new Date(o.release)),
      ]);
      let won = dec('0');
      for (const p of people) {
        expect(await p.balance('USDT', 'frozen')).toBe('0');
        const [position] = (await p.positions()).list;
        if (!position) continue;
        won = won.plus(dec(position.won ?? '0'));
        expect(await p.balance(o.token)).toBe(position.won === '0' ? '0' : position.won);
        expect(fmt(dec(await p.balance('USDT')).plus(dec(position.consumed ?? '0')))).toBe('100');
      }
      expect(won.lessThanOrEqualTo(dec('777.7777777'))).toBe(true);
      expect(await treasury(o.token)).toBe('0');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });
  });
}
