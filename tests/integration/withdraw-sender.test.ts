/**
 * The EVM withdraw sender against a real local node (Hardhat's EDR): auto-approved native and
 * ERC-20 withdrawals are signed, stored, sent and completed after the chain's confirmations; a
 * crash before or after the broadcast leaves exactly one transaction on chain; a reorg that drops
 * the transaction has the same one sent again and completed once. `audit` clean after each.
 */
import { eq } from 'drizzle-orm';
import { type Hex, parseEther } from 'viem';
import { describe, expect, test } from 'vitest';
import { balanceOf, userAccount } from '../../server/ledger/ledger.ts';
import { withdrawalEvents } from '../../server/modules/withdraw/withdraw.schema.ts';
import { withdrawalDetails } from '../../server/modules/withdraw/withdraw.service.ts';
import { useChainDatabase } from '../helpers/chain-app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import {
  CHAIN,
  CONFIRMATIONS,
  fundedUser,
  hotWallet,
  minedCount,
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
  describe.skipIf(!target.available)(`EVM withdraw sender on a local node, ${target.name}`, () => {
    const { env } = useChainDatabase(target, senderConfig);
    const { statusOf, sendsOf, audited } = senderReads(env);
    /** What the withdrawal's details (10027) answer about its confirmations. */
    const confirmationsOf = async (id: number) =>
      (await withdrawalDetails(env.database.db, null, id)).confirmations;

    test('auto-approved native and token withdrawals are sent and completed after the confirmations', async () => {
      const { wallet, pass } = await senderScene(env, '5', '1000');
      const user = await fundedUser(env.database, 'USDT', '500');
      const ethUser = await fundedUser(env.database, 'ETH', '2');
      const [to1, to2, to3] = [recipient(), recipient(), recipient()];
      const token = await usdtTo(env.database, user, to1, '50');
      const native = await submitted(env.database, ethUser, {
        coin: 'ETH',
        chain: CHAIN,
        address: to2,
        amount: '0.5',
      });
      // Above the auto limit: it waits for an operator.
      const big = await usdtTo(env.database, user, to3, '300');

      const first = await pass();
      expect(first).toMatchObject({ ran: true, approved: 2, sent: 2, completed: 0 });
      expect((await statusOf(token))?.status).toBe('processing');
      expect((await statusOf(big))?.status).toBe('submitted');
      const [tokenSend] = await sendsOf(token);
      expect((await statusOf(token))?.txid).toBe(tokenSend?.txHash);
      expect(await tokenBalance(env, to1)).toBe(49_000_000n);
      expect(await env.chain.client.getBalance({ address: to2 })).toBe(parseEther('0.499'));

      // Mined (automine), not yet deep enough: the details count its block; then the confirmations.
      expect(await confirmationsOf(token)).toBeNull();
      expect(await pass()).toMatchObject({ completed: 0, sent: 0 });
      const receipt = await env.chain.client.getTransactionReceipt({ hash: tokenSend?.txHash as Hex });
      const depth = Number((await env.chain.client.getBlockNumber()) - receipt.blockNumber + 1n);
      expect(depth).toBeLessThan(CONFIRMATIONS);
      expect(await confirmationsOf(token)).toEqual({ seen: depth, required: CONFIRMATIONS });
      await env.chain.mine(CONFIRMATIONS);
      expect(await pass()).toMatchObject({ completed: 2 });
      expect(await confirmationsOf(token)).toEqual({ seen: depth + CONFIRMATIONS, required: CONFIRMATIONS });
      expect((await statusOf(token))?.status).toBe('successful');
      expect((await statusOf(native))?.status).toBe('successful');
      expect(await balanceOf(env.database.db, userAccount(user.address, 'frozen'), 'USDT')).toBe('300');
      expect(await balanceOf(env.database.db, userAccount(ethUser.address), 'ETH')).toBe('1.5');
      const history = await env.database.db
        .select({ status: withdrawalEvents.status, actor: withdrawalEvents.actor })
        .from(withdrawalEvents)
        .where(eq(withdrawalEvents.withdrawalId, token));
      expect(history.map((h) => `${h.status} ${h.actor}`)).toEqual([
        'submitted user',
        'reviewed withdraw-sender',
        'processing withdraw-sender',
        'successful withdraw-sender',
      ]);
      // Nothing more, ever: one transaction each.
      await env.chain.mine(2);
      expect(await pass()).toMatchObject({ sent: 0, completed: 0, rebroadcast: 0 });
      expect(await minedCount(env, wallet.address)).toBe(2);
      expect(await tokenBalance(env, to1)).toBe(49_000_000n);
      await audited();
    });

    test('a crash between storing and broadcasting, and one after broadcasting: one transaction each', async () => {
      const clock = pinnedClock();
      const wallet = await hotWallet(env, '2', '500');
      const user = await fundedUser(env.database, 'USDT', '100');
      const [to1, to2] = [recipient(), recipient()];
      const before = await usdtTo(env.database, user, to1, '20');
      const crashBefore = senderFor(env, CHAIN, wallet, clock, {
        broadcast: async () => {
          throw new Error('killed before the broadcast');
        },
      });
      await expect(crashBefore()).rejects.toThrow(/killed/);
      // Stored and processing, with nothing on chain.
      expect((await statusOf(before))?.status).toBe('processing');
      expect(await sendsOf(before)).toHaveLength(1);
      expect(await minedCount(env, wallet.address)).toBe(0);

      // Restarted: the stored transaction goes out as it is, nothing is signed again.
      const pass = senderFor(env, CHAIN, wallet, clock);
      expect(await pass()).toMatchObject({ rebroadcast: 1, sent: 0 });
      expect(await minedCount(env, wallet.address)).toBe(1);

      const after = await usdtTo(env.database, user, to2, '30');
      const crashAfter = senderFor(env, CHAIN, wallet, clock, {
        broadcast: async (raw) => {
          await env.chain.client.sendRawTransaction({ serializedTransaction: raw });
          throw new Error('killed after the broadcast');
        },
      });
      await expect(crashAfter()).rejects.toThrow(/killed/);
      expect(await minedCount(env, wallet.address)).toBe(2);

      expect(await pass()).toMatchObject({ sent: 0, rebroadcast: 0 });
      await env.chain.mine(CONFIRMATIONS);
      expect(await pass()).toMatchObject({ completed: 2, sent: 0 });
      expect(await minedCount(env, wallet.address)).toBe(2);
      expect(await tokenBalance(env, to1)).toBe(19_000_000n);
      expect(await tokenBalance(env, to2)).toBe(29_000_000n);
      expect((await sendsOf(before)).map((s) => s.nonce)).toEqual([0]);
      expect((await sendsOf(after)).map((s) => s.nonce)).toEqual([1]);
      await audited();
    });

    test('a reorg removing the sent transaction: the same one is sent again and completed once', async () => {
      const { wallet, pass } = await senderScene(env, '2', '500');
      const user = await fundedUser(env.database, 'USDT', '100');
      const to = recipient();
      const id = await usdtTo(env.database, user, to, '40');
      const snapshot = await env.chain.snapshot();
      expect(await pass()).toMatchObject({ sent: 1 });
      const [send] = await sendsOf(id);
      expect(await env.chain.client.getTransactionReceipt({ hash: send?.txHash as Hex })).toBeTruthy();
      await env.chain.mine(1);
      expect(await pass()).toMatchObject({ completed: 0 });
      expect(await confirmationsOf(id)).toEqual({ seen: 2, required: CONFIRMATIONS });
      await env.chain.revert(snapshot);
      expect(await tokenBalance(env, to)).toBe(0n);

      // Out of the chain: no confirmations any more, and the same transaction goes out again.
      expect(await pass()).toMatchObject({ rebroadcast: 1, sent: 0, completed: 0 });
      expect((await statusOf(id))?.status).toBe('processing');
      expect(await confirmationsOf(id)).toEqual({ seen: 0, required: CONFIRMATIONS });
      await env.chain.mine(CONFIRMATIONS);
      expect(await pass()).toMatchObject({ completed: 1 });
      expect((await statusOf(id))?.txid).toBe(send?.txHash);
      expect(await sendsOf(id)).toHaveLength(1);
      expect(await tokenBalance(env, to)).toBe(39_000_000n);
      expect(await minedCount(env, wallet.address)).toBe(1);
      await audited();
    });
  });
