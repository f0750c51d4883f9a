/**
 * Deposit addresses, operator-credited deposits and the assets views, through the API on PGlite
 * and PostgreSQL.
 */
import { describe, expect, test } from 'vitest';
import { isValidBitcoinAddress, isValidTronAddress } from '../../server/modules/deposit/derive.ts';
import { caller, dataOf, post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { opsAdmin } from '../helpers/direct-admin.ts';
import { signIn, TEST_KEYS } from '../helpers/login.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { DEMO_COINS, depositArgs } from '../helpers/wallets.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`deposits and assets on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = opsAdmin(env);

    test('each user has one address per chain, always the same, never another user’s', async () => {
      const alice = await signIn(env.app, TEST_KEYS.alice);
      const call = caller(env.app, { cookie: alice.cookieHeader });
      const first = await call('10020');
      const again = await call('10020');
      const list = dataOf(first);
      expect(again.data).toEqual(list);
      const by = Object.fromEntries(list.map((a) => [a.chain, a]));
      expect(isValidTronAddress(by.TRC20?.address)).toBe(true);
      expect(by.ERC20?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(by.BEP20?.address).toBe(by.ERC20?.address);
      expect(isValidBitcoinAddress(by.BTC?.address)).toBe(true);
      expect(by.TRC20?.coins).toEqual(['USDT', 'TRX']);
      // The demo seed's keys are the public test keys: every address says so (the screen warns).
      expect(list.filter((a) => a.address !== null).map((a) => a.demo)).toEqual(
        list.filter((a) => a.address !== null).map(() => true),
      );

      const bob = await signIn(env.app, TEST_KEYS.bob);
      const bobs = dataOf(await caller(env.app, { cookie: bob.cookieHeader })('10020'));
      for (const a of bobs) expect(a.address).not.toBe(by[a.chain]?.address);
    });

    test('an operator-credited deposit shows in assets, deposit records and financial details', async () => {
      const alice = await signIn(env.app, TEST_KEYS.alice);
      const credited = await admin(
        ...depositArgs({
          address: alice.account.address,
          coin: 'USDT',
          chain: 'TRC20',
          amount: '100.25',
          txid: 'a1b2c3d4e5f60718',
          reason: 'seen on chain',
        }),
      );
      expect(credited).toMatchObject({ ok: true, json: { status: 'credited' } });

      const call = caller(env.app, { cookie: alice.cookieHeader });
      const assets = dataOf(await call('10010'));
      expect(assets.assets.find((a) => a.coin === 'USDT')).toEqual({
        coin: 'USDT',
        available: '100.25',
        frozen: '0',
        staked: '0',
        total: '100.25',
        valueUsdt: '100.25',
      });
      expect(assets.totalUsdt).toBe('100.25');
      expect(assets.assets.map((a) => a.coin)).toEqual(DEMO_COINS);

      const records = dataOf(await call('10021'));
      expect(records).toMatchObject({ total: 1, page: 1, size: 20 });
      expect(records.list[0]).toMatchObject({
        coin: 'USDT',
        chain: 'TRC20',
        amount: '100.25',
        txid: 'a1b2c3d4e5f60718',
        status: 'credited',
      });

      const finance = dataOf(await call('10011', { type: 'deposit' }));
      expect(finance.list).toEqual([
        expect.objectContaining({ type: 'deposit', coin: 'USDT', amount: '100.25' }),
      ]);
      const none = (await call('10011', { type: 'withdrawal' })).data;
      expect(none).toMatchObject({ list: [], total: 0 });
    });

    test('a txid is credited once, ever; a coin must move on the chain; the wallet must be a user', async () => {
      const alice = await signIn(env.app, TEST_KEYS.alice);
      const args = [
        '--address',
        alice.account.address,
        '--coin',
        'USDT',
        '--chain',
        'TRC20',
        '--amount',
        '1',
        '--reason',
        'x',
      ];
      expect(await admin('deposit', ...args, '--txid', 'a1b2c3d4e5f60718')).toMatchObject({
        ok: false,
        exitCode: 2,
      });
      expect(
        await admin(
          ...depositArgs({
            address: alice.account.address,
            coin: 'BTC',
            chain: 'TRC20',
            amount: '1',
            txid: 'ffffeeee0001',
            reason: 'x',
          }),
        ),
      ).toMatchObject({ exitCode: 2 });
      // A zero amount is a usage error too, not a failure deep in the ledger.
      expect(
        await admin(
          ...depositArgs({
            address: alice.account.address,
            coin: 'USDT',
            chain: 'TRC20',
            amount: '0',
            txid: 'ffffeeee0000',
            reason: 'x',
          }),
        ),
      ).toMatchObject({ exitCode: 2, text: expect.stringContaining('amount must be positive') });
      expect(
        await admin(
          ...depositArgs({
            address: '0x000000000000000000000000000000000000dEaD',
            coin: 'USDT',
            chain: 'TRC20',
            amount: '1',
            txid: 'ffffeeee0002',
            reason: 'x',
          }),
        ),
      ).toMatchObject({ exitCode: 2 });
      expect(
        await admin('deposit', ...args.map((a) => (a === '1' ? '1.0000001' : a)), '--txid', 'ffffeeee0003'),
      ).toMatchObject({ exitCode: 2 });
      const assets = dataOf(await caller(env.app, { cookie: alice.cookieHeader })('10010'));
      expect(assets.assets.find((a) => a.coin === 'USDT')?.available).toBe('100.25');
      expect(await admin('audit')).toMatchObject({ ok: true });
    });

    test('deposit keys are public keys only and do not change under users', async () => {
      expect(
        await admin(
          'config',
          'xpub',
          'evm',
          'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
          '--reason',
          'x',
        ),
      ).toMatchObject({ exitCode: 2 });
      const other =
        'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
      expect(await admin('config', 'xpub', 'evm', other, '--reason', 'rotate')).toMatchObject({
        exitCode: 2,
      });
    });

    test('assets need a session', async () => {
      expect((await post(env.app, '10010')).envelope.respCode).toBe('500');
    });
  });
}
