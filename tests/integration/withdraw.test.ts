/**
 * Withdrawals through the API and the operator commands, on PGlite and PostgreSQL: validation,
 * the state machine with its history, money frozen and returned, exactly-once under retries and
 * under 50 concurrent attempts, and random sequences that leave the books balanced.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { withdrawalTypedData } from '../../protocol/withdraw-authorization.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { withdrawalTerms } from '../../server/modules/withdraw/withdraw.schema.ts';
import { caller, dataOf, type TestCall } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { freshKey, signIn } from '../helpers/login.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { signedWithdrawal, signWithdrawal } from '../helpers/signed-withdrawal.ts';
import { depositTo, fundedWallet } from '../helpers/wallets.ts';

const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

/** The fields of a signed withdrawal of `amount` USDT (TRC20), to send (and send again) as they are. */
async function signedBody(call: TestCall, account: LocalAccount, amount: string) {
  const signed = await signWithdrawal(call, account, {
    coin: 'USDT',
    chain: 'TRC20',
    address: TRON_TO,
    amount,
  });
  if ('refused' in signed) throw new Error(`terms refused: ${signed.refused.respCode}`);
  return signed.fields;
}

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`withdrawals on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = directAdmin(env);

    async function funded(amount: string) {
      const wallet = await fundedWallet(env, { USDT: amount });
      const { call } = wallet;
      const withdraw = (amountOut: string, extra: Record<string, string> = {}) =>
        signedWithdrawal(call, wallet.signed.account, {
          coin: 'USDT',
          chain: 'TRC20',
          address: TRON_TO,
          amount: amountOut,
          ...extra,
        });
      const assets = async () => dataOf(await call('10010'));
      const usdt = async () => (await assets()).assets.find((a) => a.coin === 'USDT');
      return { user: wallet.signed, call, withdraw, usdt, balance: wallet.balance };
    }

    test('options list fee, minimum, maximum and the available balance per coin and chain', async () => {
      const { call } = await funded('100');
      const options = dataOf(await call('10022'));
      expect(options.find((o) => o.coin === 'USDT' && o.chain === 'TRC20')).toEqual({
        coin: 'USDT',
        chain: 'TRC20',
        fee: '1',
        min: '10',
        max: '50000',
        available: '100',
        dailyLimit: '100000',
        leftToday: '100000',
      });
      expect(options).toHaveLength(7);
    });

    test('bad input is refused with a clear message and changes nothing', async () => {
      const { withdraw, usdt } = await funded('100');
      const wrongAddress = await withdraw('20', { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
      expect(wrongAddress).toMatchObject({
        respCode: ERRORS.address_invalid.code,
        respMsg: expect.stringContaining('TRC20'),
      });
      const evmBadChecksum = await withdraw('20', {
        chain: 'ERC20',
        address: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      });
      expect(evmBadChecksum.respCode).toBe(ERRORS.address_invalid.code);
      const tooSmall = await withdraw('5');
      expect(tooSmall).toMatchObject({
        respCode: ERRORS.amount_out_of_range.code,
        respMsg: 'The amount must be between 10 and 50000.',
      });
      const tooPrecise = await withdraw('10.0000001');
      expect(tooPrecise.respCode).toBe(ERRORS.amount_out_of_range.code);
      const tooMuch = await withdraw('150');
      expect(tooMuch).toMatchObject({
        respCode: ERRORS.insufficient_balance.code,
        respMsg: 'Insufficient USDT balance',
      });
      const noRoute = await withdraw('20', { coin: 'BTC' });
      expect(noRoute.respCode).toBe(ERRORS.withdrawal_unavailable.code);
      expect(await usdt()).toMatchObject({ available: '100', frozen: '0' });
    });

    test('a chain or coin the operator switched off takes no withdrawal, though its rule is on', async () => {
      const { withdraw, balance } = await funded('100');
      const chain = ['config', 'chain', 'TRC20', '--name', 'TRON (TRC20)', '--family', 'tron', '--sort', '1'];
      const coin = ['config', 'coin', 'USDT', '--name', 'Tether USD', '--precision', '6'];
      try {
        expect(await admin(...chain, '--disable')).toMatchObject({ ok: true });
        expect((await withdraw('20')).respCode).toBe(ERRORS.withdrawal_unavailable.code);
        expect(await admin(...chain)).toMatchObject({ ok: true });
        expect(
          await admin(...coin, '--chains', 'TRC20,ERC20,BEP20', '--sort', '1', '--disable'),
        ).toMatchObject({
          ok: true,
        });
        expect((await withdraw('20')).respCode).toBe(ERRORS.withdrawal_unavailable.code);
        // Nothing moved (the assets list hides a switched-off coin: the ledger says).
        expect([await balance('USDT'), await balance('USDT', 'frozen')]).toEqual(['100', '0']);
      } finally {
        await admin(...chain);
        await admin(...coin, '--chains', 'TRC20,ERC20,BEP20', '--sort', '1');
      }
      expect((await withdraw('20')).respCode).toBe('00000');
    });

    test('submit freezes; review, process and complete pay out amount minus fee; history shows every step', async () => {
      const { withdraw, call, usdt } = await funded('100');
      const submitted = await withdraw('50');
      const w = dataOf(submitted);
      expect(w).toMatchObject({ status: 'submitted', amount: '50', fee: '1', arrival: '49' });
      expect(await usdt()).toMatchObject({ available: '50', frozen: '50', total: '100' });
      expect(await admin('withdrawals', 'complete', String(w.id))).toMatchObject({ exitCode: 2 });
      expect(await admin('withdrawals', 'review', String(w.id))).toMatchObject({ ok: true });
      expect(await admin('withdrawals', 'process', String(w.id), '--txid', 'abcdef0123456789')).toMatchObject(
        { ok: true },
      );
      const revenueBefore = await balanceOf(env.database.db, systemAccount('fee_revenue'), 'USDT');
      expect(await admin('withdrawals', 'complete', String(w.id))).toMatchObject({ ok: true });
      expect(await usdt()).toMatchObject({ available: '50', frozen: '0', total: '50' });
      expect(
        Number(await balanceOf(env.database.db, systemAccount('fee_revenue'), 'USDT')) -
          Number(revenueBefore),
      ).toBe(1);
      const details = dataOf(await call('10027', { id: String(w.id) }));
      expect(details.withdrawal).toMatchObject({ status: 'successful', txid: 'abcdef0123456789' });
      expect(details.history.map((h) => h.status)).toEqual([
        'submitted',
        'reviewed',
        'processing',
        'successful',
      ]);
      const records = dataOf(await call('10026'));
      expect(records.list.map((r) => r.id)).toContain(w.id);
      const finance = dataOf(await call('10011'));
      expect(finance.list.map((r) => [r.type, r.amount])).toEqual([
        ['withdrawal', '-50'],
        ['deposit', '100'],
      ]);
    });

    test('a rejection and a failure both return the frozen amount, with the reason in the history', async () => {
      const { withdraw, call, usdt } = await funded('100');
      const a = dataOf(await withdraw('30'));
      const b = dataOf(await withdraw('40'));
      expect(await usdt()).toMatchObject({ available: '30', frozen: '70' });
      expect(await admin('withdrawals', 'reject', String(a.id))).toMatchObject({ ok: true });
      await admin('withdrawals', 'review', String(b.id));
      await admin('withdrawals', 'process', String(b.id), '--txid', 'ffff0000eeee1111');
      expect(await admin('withdrawals', 'fail', String(b.id))).toMatchObject({ ok: true });
      expect(await usdt()).toMatchObject({ available: '60', frozen: '40' });
      expect(await admin('withdrawals', 'returned', String(b.id))).toMatchObject({ ok: true });
      expect(await usdt()).toMatchObject({ available: '100', frozen: '0' });
      const details = dataOf(await call('10027', { id: String(a.id) }));
      expect(details.history.at(-1)).toMatchObject({ status: 'rejected', note: 'test' });
      const returned = dataOf(await call('10011', { type: 'withdrawal_returned' }));
      expect(returned.total).toBe(2);
    });

    test("one user cannot read another's withdrawal", async () => {
      const alice = await funded('100');
      const bob = await funded('100');
      const w = dataOf(await alice.withdraw('20'));
      expect((await bob.call('10027', { id: String(w.id) })).respCode).toBe(ERRORS.not_found.code);
    });

    test("a withdrawal needs the wallet's own fresh signature; a missing, altered, foreign, replayed or expired one changes nothing", async () => {
      const { call, user, usdt } = await funded('100');
      const fresh = () => ({ requestId: randomUUID() });
      const body = await signedBody(call, user.account, '20');
      const invalid = ERRORS.withdrawal_signature_invalid.code;
      // A session cookie alone: no signature, no withdrawal.
      const { signature: _signature, ...unsigned } = body;
      expect((await call('10025', { ...unsigned, ...fresh() })).respCode).toBe(ERRORS.field_required.code);
      // The signed terms say 20 USDT to TRON_TO; nothing else passes under them.
      expect((await call('10025', { ...body, ...fresh(), amount: '30' })).respCode).toBe(invalid);
      expect(
        (await call('10025', { ...body, ...fresh(), address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }))
          .respCode,
      ).toBe(invalid);
      const flipped = `${body.signature?.slice(0, 10)}${body.signature?.[10] === '0' ? '1' : '0'}${body.signature?.slice(11)}`;
      expect((await call('10025', { ...body, ...fresh(), signature: flipped })).respCode).toBe(invalid);
      // The same terms signed by another key.
      const stranger = privateKeyToAccount(freshKey());
      const terms = dataOf(
        await call('10023', { coin: 'USDT', chain: 'TRC20', address: TRON_TO, amount: '20', ...fresh() }),
      );
      const foreign = await stranger.signTypedData(withdrawalTypedData(terms));
      expect(
        (await call('10025', { ...unsigned, ...fresh(), nonce: terms.nonce, signature: foreign })).respCode,
      ).toBe(invalid);
      // Another session holding this user's signed call.
      const other = await funded('100');
      expect((await other.call('10025', { ...body, ...fresh() })).respCode).toBe(invalid);
      expect(await usdt()).toMatchObject({ available: '100', frozen: '0' });
      // Accepted once; the same signature under a new requestId is a replay.
      expect((await call('10025', body)).respCode).toBe('00000');
      expect((await call('10025', { ...body, ...fresh() })).respCode).toBe(ERRORS.withdrawal_terms_used.code);
      // Terms not sent within their five minutes.
      const late = await signedBody(call, user.account, '20');
      await env.database.db
        .update(withdrawalTerms)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(withdrawalTerms.nonce, late.nonce ?? ''));
      expect((await call('10025', late)).respCode).toBe(ERRORS.withdrawal_terms_expired.code);
      expect(await usdt()).toMatchObject({ available: '80', frozen: '20' });
    });

    test('a fee changed after signing refuses the signed withdrawal; it is never charged another fee', async () => {
      const { call, user, usdt } = await funded('100');
      const body = await signedBody(call, user.account, '20');
      const rule = [
        'config',
        'withdraw',
        'USDT',
        'TRC20',
        '--min',
        '10',
        '--max',
        '50000',
        '--reason',
        'fee test',
      ];
      expect(await admin(...rule, '--fee', '2')).toMatchObject({ ok: true });
      try {
        expect(await call('10025', body)).toMatchObject({ respCode: ERRORS.withdrawal_terms_changed.code });
        expect(await usdt()).toMatchObject({ available: '100', frozen: '0' });
        const resigned = await signedBody(call, user.account, '20');
        const accepted = dataOf(await call('10025', resigned));
        expect(accepted).toMatchObject({ amount: '20', fee: '2', arrival: '18' });
      } finally {
        expect(await admin(...rule, '--fee', '1')).toMatchObject({ ok: true });
      }
    });

    test('a retried submission with one requestId moves money once', async () => {
      const { call, user, usdt } = await funded('100');
      const body = await signedBody(call, user.account, '20');
      const results = await Promise.all(Array.from({ length: 6 }, () => call('10025', body)));
      // Every retry answers the first result (the stored copy may order its keys differently).
      for (const r of results) expect(r).toEqual(results[0]);
      expect(results[0]?.respCode).toBe('00000');
      expect(await usdt()).toMatchObject({ available: '80', frozen: '20' });
    });

    test('a refused submission stores and uses up nothing: the same signed call after a top-up is accepted, once', async () => {
      // docs/api.md, "Idempotent replay": only a successful result is stored; the signed terms
      // are used up in the withdrawal's own transaction, so a refusal leaves them usable.
      const { call, user, withdraw, usdt } = await funded('100');
      const body = await signedBody(call, user.account, '80');
      expect((await withdraw('50')).respCode).toBe('00000');
      const refused = await call('10025', body);
      expect(refused.respCode).toBe(ERRORS.insufficient_balance.code);
      expect(await usdt()).toMatchObject({ available: '50', frozen: '50' });
      await depositTo(env, user.account.address, 'USDT', '50');
      const accepted = await call('10025', body);
      expect(accepted.respCode).toBe('00000');
      expect(await usdt()).toMatchObject({ available: '20', frozen: '130' });
      // From now on the success is the stored answer.
      expect(await call('10025', body)).toEqual(accepted);
      expect(await usdt()).toMatchObject({ available: '20', frozen: '130' });
    });

    test('50 simultaneous withdrawals of the whole balance: exactly one is accepted', async () => {
      const { withdraw, usdt } = await funded('100');
      const results = await Promise.all(Array.from({ length: 50 }, () => withdraw('100')));
      const accepted = results.filter((r) => r.respCode === '00000');
      expect(accepted).toHaveLength(1);
      expect(results.filter((r) => r.respCode === ERRORS.insufficient_balance.code)).toHaveLength(49);
      expect(await usdt()).toMatchObject({ available: '0', frozen: '100' });
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('random sequences of deposits, withdrawals, reviews, failures and adjustments keep the books balanced', async () => {
      let seed = target.name === 'pglite' ? 3 : 5;
      const next = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const users = await Promise.all(Array.from({ length: 4 }, () => funded('500')));
      const open: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const u = users[Math.floor(next() * users.length)] as (typeof users)[number];
        const roll = next();
        if (roll < 0.4) {
          const r = await u.withdraw(String(10 + Math.floor(next() * 200)));
          if (r.respCode === '00000') open.push(dataOf(r).id);
        } else if (roll < 0.7 && open.length > 0) {
          const id = String(open[Math.floor(next() * open.length)]);
          const action = ['review', 'reject', 'process', 'complete', 'fail', 'returned'][
            Math.floor(next() * 6)
          ] as string;
          await admin(
            'withdrawals',
            action,
            id,
            ...(action === 'process' ? ['--txid', randomUUID().replaceAll('-', '')] : []),
          );
        } else if (roll < 0.85) {
          await admin('adjust', u.user.account.address, 'USDT', next() < 0.5 ? '+7.5' : '-7.5');
        } else {
          await admin(
            'deposit',
            '--address',
            u.user.account.address,
            '--coin',
            'USDT',
            '--chain',
            'TRC20',
            '--amount',
            '25',
            '--txid',
            randomUUID().replaceAll('-', ''),
          );
        }
      }
      const report = await auditLedger(env.database.db);
      expect(report).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });
    });
  });
}

describe('operator commands as the issue writes them', () => {
  const target = DATABASE_TARGETS[0];
  if (!target) throw new Error('no database');
  const env = useSeededApp(target);
  const bare = (...argv: string[]) =>
    runAdminCommand({ argv: asFirstSetup(argv), actor: 'ops' }, { database: env.database, via: 'direct' });

  test('routine steps record a reason of their own; rejections and failures must give one', async () => {
    const user = await signIn(env.app, freshKey());
    expect(
      await bare(
        'deposit',
        '--address',
        user.account.address,
        '--coin',
        'USDT',
        '--chain',
        'TRC20',
        '--amount',
        '100',
        '--txid',
        'plainform0001',
      ),
    ).toMatchObject({ ok: true });
    const w = dataOf(
      await signedWithdrawal(caller(env.app, { cookie: user.cookieHeader }), user.account, {
        coin: 'USDT',
        chain: 'TRC20',
        address: TRON_TO,
        amount: '20',
      }),
    );
    expect(await bare('withdrawals', 'reject', String(w.id))).toMatchObject({ exitCode: 2 });
    const reviewed = await bare('withdrawals', 'review', String(w.id));
    expect(reviewed, reviewed.text).toMatchObject({ ok: true });
    expect(await bare('withdrawals', 'process', String(w.id), '--txid', 'plainform0002')).toMatchObject({
      ok: true,
    });
    expect(await bare('withdrawals', 'fail', String(w.id))).toMatchObject({ exitCode: 2 });
    expect(
      await bare('withdrawals', 'fail', String(w.id), '--reason', 'node rejected the transaction'),
    ).toMatchObject({ ok: true });
    expect(await bare('withdrawals', 'returned', String(w.id))).toMatchObject({ ok: true });
    expect(await bare('fund', 'exchange_inventory', 'USDT', '5')).toMatchObject({ exitCode: 2 });
  });
});
