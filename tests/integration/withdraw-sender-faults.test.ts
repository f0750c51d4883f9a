/**
 * The withdraw sender when things go wrong, against the local node: a transaction kept pending is
 * replaced with higher fees at the same nonce and only one of them pays; a hot wallet short of a
 * coin pauses that coin (visible in admin status and admin hotwallet status, nothing sent,
 * nothing lost) and resumes when funded; two senders racing on one PostgreSQL database sign one
 * transaction per withdrawal with nonces without gaps; a transaction reverted on chain fails the
 * withdrawal and returns its amount. `audit` clean after each.
 */
import { eq } from 'drizzle-orm';
import { encodeAbiParameters, type Hex, keccak256 } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { balanceOf, userAccount } from '../../server/ledger/ledger.ts';
import { pushOutbox } from '../../server/modules/push/push.schema.ts';
import { withdrawalSends, withdrawSenderPauses } from '../../server/modules/withdraw-sender/index.ts';
import { useChainDatabase } from '../helpers/chain-app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import {
  CHAIN,
  CONFIRMATIONS,
  fundedUser,
  hotWallet,
  minedCount,
  nodeCall,
  pinnedClock,
  recipient,
  senderConfig,
  senderFor,
  senderReads,
  senderScene,
  submitted,
  tokenBalance,
  usdtTo,
} from '../helpers/sender-env.ts';

for (const target of DATABASE_TARGETS)
  describe.skipIf(!target.available)(`EVM withdraw sender faults on a local node, ${target.name}`, () => {
    const { env, admin } = useChainDatabase(target, senderConfig);
    const { statusOf, sendsOf, audited } = senderReads(env);

    test('a stuck transaction is replaced with higher fees at the same nonce; one of them pays', async () => {
      const { clock, wallet, pass } = await senderScene(env, '2', '500');
      const user = await fundedUser(env.database, 'USDT', '100');
      const to = recipient();
      const id = await usdtTo(env.database, user, to, '10');
      await nodeCall(env, 'evm_setAutomine', [false]);
      try {
        expect(await pass()).toMatchObject({ sent: 1 });
        // Pending, before the timeout: left alone.
        clock.advance(59_000);
        expect(await pass()).toMatchObject({ replaced: 0, rebroadcast: 0 });
        clock.advance(1_000);
        expect(await pass()).toMatchObject({ replaced: 1 });
      } finally {
        await nodeCall(env, 'evm_setAutomine', [true]);
      }
      const sends = (await sendsOf(id)).sort((a, b) => a.attempt - b.attempt);
      expect(sends.map((s) => [s.nonce, s.attempt, s.status])).toEqual([
        [0, 0, 'replaced'],
        [0, 1, 'pending'],
      ]);
      const [first, second] = sends;
      expect(BigInt(second?.maxFeePerGas ?? 0) * 10n).toBeGreaterThanOrEqual(
        BigInt(first?.maxFeePerGas ?? 0) * 11n,
      );
      expect((await statusOf(id))?.txid).toBe(second?.txHash);
      await env.chain.mine(CONFIRMATIONS);
      expect(await pass()).toMatchObject({ completed: 1 });
      expect((await statusOf(id))?.status).toBe('successful');
      expect(await minedCount(env, wallet.address)).toBe(1);
      expect(await tokenBalance(env, to)).toBe(9_000_000n);
      await audited();
    });

    test('a hot wallet short of a coin pauses it: nothing sent, nothing lost; funded, it resumes', async () => {
      const key = generatePrivateKey();
      const { clock, wallet, pass } = await senderScene(env, '1', '5', key);
      const user = await fundedUser(env.database, 'USDT', '100');
      const ethUser = await fundedUser(env.database, 'ETH', '1');
      const [to, toEth] = [recipient(), recipient()];
      const id = await usdtTo(env.database, user, to, '50');
      const ethId = await submitted(env.database, ethUser, {
        coin: 'ETH',
        chain: CHAIN,
        address: toEth,
        amount: '0.1',
      });
      // The operator named a wallet for operator notices: the pause is queued for its devices, once.
      const operatorWallet = recipient().toLowerCase();
      await admin('config', 'operator-push', operatorWallet);
      const lines: string[] = [];
      const logged = senderFor(env, CHAIN, wallet, clock, { log: (line) => lines.push(line) });
      expect(await logged()).toMatchObject({ approved: 2, sent: 1, paused: ['USDT'] });
      expect((await statusOf(id))?.status).toBe('reviewed');
      expect((await statusOf(ethId))?.status).toBe('processing');
      expect(await sendsOf(id)).toHaveLength(0);
      expect(await balanceOf(env.database.db, userAccount(user.address, 'frozen'), 'USDT')).toBe('50');
      expect(lines.join('\n')).toMatch(/USDT on ERC20: waiting for funds/);
      expect(lines.join('\n')).not.toContain(key.slice(2));
      // The operator sees it in admin status and admin hotwallet status; never the key.
      const status = await admin('status');
      expect(status.text).toMatch(/withdrawals of USDT on ERC20 are paused: waiting for funds/);
      const saved = { rpc: process.env.CHAIN_RPC_ERC20, key: process.env.HOT_WALLET_KEY_ERC20 };
      process.env.CHAIN_RPC_ERC20 = env.chain.url;
      process.env.HOT_WALLET_KEY_ERC20 = key;
      try {
        const shown = await admin('hotwallet', 'status');
        expect(shown.ok, shown.text).toBe(true);
        expect(shown.text).toContain(wallet.address);
        expect(shown.text).toMatch(/USDT\s+5\n/);
        expect(shown.text).toMatch(/USDT\s+PAUSED: waiting for funds/);
        expect(shown.text).toContain('key from HOT_WALLET_KEY_ERC20');
        expect(`${shown.text}${JSON.stringify(shown.json)}`).not.toContain(key.slice(2));
      } finally {
        for (const [name, value] of [
          ['CHAIN_RPC_ERC20', saved.rpc],
          ['HOT_WALLET_KEY_ERC20', saved.key],
        ] as const)
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
      }
      expect(await pass()).toMatchObject({ sent: 0, paused: ['USDT'] });
      expect(await tokenBalance(env, to)).toBe(0n);
      const notices = await env.database.db
        .select()
        .from(pushOutbox)
        .where(eq(pushOutbox.user, operatorWallet));
      expect(notices.map((n) => [n.kind, n.titleKey, n.params])).toEqual([
        [
          'operator',
          'operator.pushSenderPausedTitle',
          { coin: 'USDT', chain: CHAIN, address: wallet.address },
        ],
      ]);
      await admin('config', 'operator-push', 'off');

      await env.chain.sendToken(env.usdt, wallet.address, '100', 6);
      expect(await pass()).toMatchObject({ sent: 1, paused: [] });
      expect(await env.database.db.select().from(withdrawSenderPauses)).toHaveLength(0);
      await env.chain.mine(CONFIRMATIONS);
      expect(await pass()).toMatchObject({ completed: 2 });
      expect(await tokenBalance(env, to)).toBe(49_000_000n);
      expect(await balanceOf(env.database.db, userAccount(user.address, 'frozen'), 'USDT')).toBe('0');
      await audited();
    });

    test('a transaction reverted on chain fails the withdrawal and returns the amount', async () => {
      const { wallet, pass } = await senderScene(env, '2', '500');
      const user = await fundedUser(env.database, 'USDT', '100');
      const to = recipient();
      const id = await usdtTo(env.database, user, to, '10');
      await nodeCall(env, 'evm_setAutomine', [false]);
      try {
        expect(await pass()).toMatchObject({ sent: 1 });
        // The wallet's tokens vanish before it is mined (TestToken's balanceOf is storage slot 3):
        // the transfer reverts on chain.
        const slot = keccak256(
          encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [wallet.address, 3n]),
        );
        await nodeCall(env, 'hardhat_setStorageAt', [env.usdt, slot, `0x${'0'.repeat(64)}`]);
      } finally {
        await nodeCall(env, 'evm_setAutomine', [true]);
      }
      await env.chain.mine(1);
      expect(await pass()).toMatchObject({ failed: 1, completed: 0 });
      expect(await statusOf(id)).toMatchObject({ status: 'failure_processed' });
      expect(await balanceOf(env.database.db, userAccount(user.address), 'USDT')).toBe('100');
      expect(await balanceOf(env.database.db, userAccount(user.address, 'frozen'), 'USDT')).toBe('0');
      expect((await sendsOf(id)).map((s) => s.status)).toEqual(['failed']);
      expect(await tokenBalance(env, to)).toBe(0n);
      // Never sent again.
      await env.chain.mine(CONFIRMATIONS);
      expect(await pass()).toMatchObject({ sent: 0, rebroadcast: 0, failed: 0 });
      await audited();
    });

    // PGlite is one process's database: its advisory locks are no-ops, so only PostgreSQL races.
    test.skipIf(target.name !== 'postgres')(
      'two senders racing on one database: one transaction per withdrawal, nonces without gaps',
      async () => {
        const clock = pinnedClock();
        const wallet = await hotWallet(env, '2', '500');
        const user = await fundedUser(env.database, 'USDT', '200');
        const ids: number[] = [];
        for (let i = 0; i < 6; i += 1)
          ids.push(
            await submitted(env.database, user, {
              coin: 'USDT',
              chain: CHAIN,
              address: recipient(),
              amount: '10',
            }),
          );
        const [a, b] = [senderFor(env, CHAIN, wallet, clock), senderFor(env, CHAIN, wallet, clock)];
        let skipped = 0;
        for (let round = 0; round < 5; round += 1) {
          const runs = await Promise.all([a(), b()]);
          skipped += runs.filter((r) => !r.ran).length;
        }
        await env.chain.mine(CONFIRMATIONS);
        await Promise.all([a(), b()]);
        const sends = await env.database.db
          .select()
          .from(withdrawalSends)
          .where(eq(withdrawalSends.sender, wallet.address.toLowerCase()));
        expect(sends).toHaveLength(6);
        expect(new Set(sends.map((s) => s.withdrawalId))).toEqual(new Set(ids));
        expect(sends.map((s) => s.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(await minedCount(env, wallet.address as Hex)).toBe(6);
        for (const id of ids) expect((await statusOf(id))?.status).toBe('successful');
        // The lock really kept one of them out at least once.
        expect(skipped).toBeGreaterThan(0);
        await audited();
      },
    );
  });
