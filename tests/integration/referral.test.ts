/**
 * Referral through the API, on PGlite and PostgreSQL: binding rules (at login and with 10009:
 * once, never oneself, never a cycle, unknown codes refused), two levels of commission out of a
 * trading commission, a mining service fee and an exchange fee, rounded down at precision edges,
 * what an inviter sees (100201), and random invitees paying fees at once: the books balance and no
 * fee ever pays out more than itself.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { dec } from '../../protocol/money.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { dataOf } from '../helpers/app.ts';
import { createControlledSource } from '../helpers/controlled-prices.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { freshKey, signIn } from '../helpers/login.ts';
import { lcg } from '../helpers/random.ts';
import { useMarketApp } from '../helpers/seeded-app.ts';
import { fundedWallet } from '../helpers/wallets.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`referral on ${target.name}`, () => {
    const env = useMarketApp(target, createControlledSource());
    const admin = directAdmin(env);

    async function user(inviteCode?: string, usdt = '5000') {
      const wallet = await fundedWallet(env, { USDT: usdt }, inviteCode ? { inviteCode } : {});
      const { call, signed } = wallet;
      const code = signed.login?.user.inviteCode ?? '';
      const bind = (inviteCode: string) => call('10009', { inviteCode, requestId: randomUUID() });
      const summary = async (body: Record<string, string> = {}) => dataOf(await call('100201', body));
      const records = async () =>
        ((await call('10011', { size: '100' })).data?.list ?? []).map(
          (r) => [r.type, r.coin, r.amount] as const,
        );
      const trade = (lots = '0.1') =>
        call('10073', { symbol: 'EURUSD', kind: 'market', side: 'buy', lots, requestId: randomUUID() });
      const rent = async () => {
        const list = (await call('10050', { size: '100' })).data?.list ?? [];
        const l7 = list.find((m) => m.key === 'L7');
        return call('10052', { productId: String(l7?.id), quantity: '1', requestId: randomUUID() });
      };
      const swap = async (amount: string) => {
        const { quote } = dataOf(await call('10030', { pair: 'USDT_ETH', amount }));
        if (!quote) throw new Error('10030 answered no quote');
        return call('10031', { pair: 'USDT_ETH', amount, quoteId: quote.quoteId, requestId: randomUUID() });
      };
      return {
        address: wallet.address,
        login: signed.login,
        code,
        call,
        bind,
        summary,
        records,
        trade,
        rent,
        swap,
      };
    }

    test('an invitation binds once, never to oneself, never in a cycle; unknown codes are refused', async () => {
      const a = await user();
      const b = await user(a.code);
      expect(b.login?.invite).toBe('bound');
      expect(b.login?.user.inviter?.toLowerCase()).toBe(a.address.toLowerCase());
      // a -> b would close the loop a <- b.
      expect((await a.bind(b.code)).respCode).toBe(ERRORS.invite_cycle.code);
      const c = await user();
      const self = await c.bind(c.code);
      expect(self).toMatchObject({ respCode: ERRORS.invite_self.code });
      expect(self.respMsg).not.toMatch(/errors\.|\{\{/);
      expect((await c.bind('ZZZZ2222')).respCode).toBe(ERRORS.invite_code_unknown.code);
      expect((await c.bind('bad code')).respCode).toBe(ERRORS.field_invalid.code);
      expect((await c.bind(a.code)).respCode).toBe('00000');
      expect((await c.bind(b.code)).respCode).toBe(ERRORS.invite_already_bound.code);
      // A longer loop: c <- a is bound, a has no inviter; d invited by c, then a binds d: a -> d -> c -> a.
      const d = await user(c.code);
      expect((await a.bind(d.code)).respCode).toBe(ERRORS.invite_cycle.code);
      // A code at login for a wallet that already exists changes nothing.
      const known = freshKey();
      await signIn(env.app, known);
      expect((await signIn(env.app, known, { inviteCode: a.code })).login?.invite).toBe('ignored');
      const s = await a.summary();
      expect(s).toMatchObject({ code: a.code, direct: 2, indirect: 1, inviter: null });
      expect(s.link).toMatch(new RegExp(`/home\\?code=${a.code}$`));
      expect(s.invitees.total).toBe(3);
      for (const i of s.invitees.list) expect(i.address).toMatch(/^0x[0-9a-fA-F]{2}\*\*\*[0-9a-fA-F]{4}$/);
      expect(s.invitees.list.map((i) => i.level).sort()).toEqual([1, 1, 2]);
    });

    test('a trade, a rental and an exchange pay 20 % and 10 % of their fees, rounded down', async () => {
      env.source.pin('EURUSD', '1.16000', '1.16008');
      const grand = await user();
      const parent = await user(grand.code);
      const child = await user(parent.code);
      expect((await child.trade('0.1')).respCode).toBe('00000'); // commission 0.35 USDT
      expect((await child.rent()).respCode).toBe('00000'); // service fee 6 USDT
      const swapped = await child.swap('100');
      expect(swapped.respCode, swapped.respMsg).toBe('00000');
      const ethFee = rowsOf<{ fee: string }>(
        await env.database.db.execute(
          sql`select fee::text as fee from exchanges where "user" = ${child.address.toLowerCase()}`,
        ),
      )[0]?.fee as string;
      expect(dec(ethFee).greaterThan(0)).toBe(true);
      const ethShare = (share: number) =>
        dec(ethFee).times(share).dividedBy(100).toDecimalPlaces(8, 1 /* ROUND_DOWN */).toFixed();
      // 0.35 x 20 % + 6 x 20 % = 0.07 + 1.2; 10 %: 0.035 + 0.6.
      expect(await parent.records()).toEqual(
        expect.arrayContaining([
          ['referral_direct', 'USDT', '0.07'],
          ['referral_direct', 'USDT', '1.2'],
          ['referral_direct', 'ETH', ethShare(20)],
        ]),
      );
      expect(await grand.records()).toEqual(
        expect.arrayContaining([
          ['referral_indirect', 'USDT', '0.035'],
          ['referral_indirect', 'USDT', '0.6'],
        ]),
      );
      // The invitee's own records are untouched by what their inviters earn.
      expect((await child.records()).some(([type]) => type.startsWith('referral_'))).toBe(false);
      const p = await parent.summary();
      expect(p).toMatchObject({ direct: 1, indirect: 0, shares: { direct: '20', indirect: '10' } });
      expect(p.earnings).toEqual(
        expect.arrayContaining([
          { coin: 'USDT', direct: '1.27', indirect: '0' },
          { coin: 'ETH', direct: ethShare(20), indirect: '0' },
        ]),
      );
      expect(p.invitees.list[0]?.earned).toEqual(expect.arrayContaining([{ coin: 'USDT', amount: '1.27' }]));
      const g = await grand.summary();
      expect(g).toMatchObject({ direct: 1, indirect: 1 });
      expect(g.earnings).toEqual(expect.arrayContaining([{ coin: 'USDT', direct: '0', indirect: '0.635' }]));

      // Precision edges: 33.33 % and 0.01 % of a 0.035 commission (0.01 lot).
      expect((await admin('config', 'referral', '--direct', '33.33', '--indirect', '0.01')).ok).toBe(true);
      expect((await admin('config', 'referral', '--direct', '90', '--indirect', '10.01')).ok).toBe(false);
      expect((await child.trade('0.01')).respCode).toBe('00000');
      expect(await parent.records()).toContainEqual(['referral_direct', 'USDT', '0.011665']);
      expect(await grand.records()).toContainEqual(['referral_indirect', 'USDT', '0.000003']);
      expect((await admin('config', 'referral', '--direct', '20', '--indirect', '10')).ok).toBe(true);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('random invitees paying fees at once: books balance, no fee pays out more than itself', async () => {
      env.source.pin('EURUSD', '1.16000', '1.16008');
      const rand = lcg(17).below;
      const people = [await user()];
      for (let i = 0; i < 6; i += 1) {
        const inviter = people[rand(people.length)];
        people.push(await user(inviter?.code));
      }
      for (let round = 0; round < 4; round += 1) {
        const results = await Promise.all(
          people.map((p) => {
            const action = rand(3);
            if (action === 0) return p.trade(`0.0${1 + rand(9)}`);
            if (action === 1) return p.rent();
            return p.swap(String(10 + rand(90)));
          }),
        );
        for (const r of results) expect(r.respCode, r.respMsg).toBe('00000');
      }
      const report = await auditLedger(env.database.db);
      expect(report.ok, JSON.stringify(report)).toBe(true);
      const bySource = rowsOf<{ source: string; paid: string; fee: string | null }>(
        await env.database.db.execute(sql`
          select r.source, sum(r.amount)::text as paid, (
            select sum(p.amount)::text from postings p
            join journal_entries e on e.id = p.entry_id
            join ledger_accounts a on a.id = p.account_id
            where e.idempotency_key = r.source and a.owner = 'system' and a.bucket = 'fee_revenue' and p.amount > 0
          ) as fee
          from referral_rewards r group by r.source
        `),
      );
      expect(bySource.length).toBeGreaterThan(5);
      for (const s of bySource) {
        expect(s.fee, s.source).not.toBeNull();
        expect(dec(s.paid).lessThanOrEqualTo(dec(s.fee ?? '0')), s.source).toBe(true);
      }
    });
  });
}
