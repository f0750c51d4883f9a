/**
 * The EVM chain watcher against a real local node (Hardhat's EDR, started by the test): native and
 * ERC-20 deposits to a user's derived address are detected, confirming (n of N) and credited after
 * the chain's confirmations, exactly once; a transfer to a foreign address is ignored; a deposit
 * whose block a reorg drops is never credited; `audit` clean after each.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { auditLedger } from '../../server/ledger/audit.ts';
import { balanceOf, userAccount } from '../../server/ledger/ledger.ts';
import { ensureUser } from '../../server/modules/account/account.repository.ts';
import { amountAt, watchChainOnce } from '../../server/modules/chain-watch/evm-watcher.ts';
import { deposits } from '../../server/modules/deposit/deposit.schema.ts';
import { depositAddressesFor, depositRecords } from '../../server/modules/deposit/deposit.service.ts';
import { useChainDatabase } from '../helpers/chain-app.ts';
import { DATABASE_TARGETS, urlOf } from '../helpers/databases.ts';
import { LOCAL_CHAIN_ID, localChainConfig } from '../helpers/local-chain.ts';
import { depositArgs } from '../helpers/wallets.ts';

const CHAIN = 'ERC20';
const CONFIRMATIONS = 6;

test('amounts on chain are cut to the coin precision, never rounded up', () => {
  expect(amountAt(25_000_000n, 6, 6)).toBe('25');
  expect(amountAt(1_234_567_890_123_456_789n, 18, 8)).toBe('1.23456789');
  expect(amountAt(999n, 18, 8)).toBe('0');
  expect(amountAt(5n, 0, 6)).toBe('5');
});

for (const target of DATABASE_TARGETS)
  describe.skipIf(!target.available)(`EVM chain watcher on a local node, ${target.name}`, () => {
    const { env, admin } = useChainDatabase(
      target,
      (usdt) => localChainConfig(CHAIN, usdt, CONFIRMATIONS),
      async () => {
        // Address m/0/0 of the demo key is the node's funded account #0: a throwaway user takes it.
        await addressOf(wallet());
        // The first passes place the cursor and settle what the deployment itself moved.
        await watch();
        await env.chain.mine(CONFIRMATIONS);
        await watch();
      },
    );
    const watch = () => watchChainOnce(env.database, CHAIN, env.chain.client);
    const wallet = () => `0x${randomUUID().replaceAll('-', '').slice(0, 32)}00000000`;
    const addressOf = async (user: string) =>
      (await depositAddressesFor(env.database.db, user)).find((a) => a.chain === CHAIN)?.address as string;
    const balance = (user: string, coin: string) => balanceOf(env.database.db, userAccount(user), coin);

    test('native and token deposits: confirming n of N, then credited once; a foreign address is ignored', async () => {
      const user = wallet();
      const address = await addressOf(user);
      const foreign = `0x${'5'.repeat(40)}`;
      // What the deposit screen gets to send from the wallet: the chain to switch to, and each coin.
      const here = (await depositAddressesFor(env.database.db, user)).find((a) => a.chain === CHAIN);
      expect(here?.wallet).toEqual({
        chainId: LOCAL_CHAIN_ID,
        confirmations: CONFIRMATIONS,
        coins: expect.arrayContaining([
          { coin: 'USDT', contract: getAddress(env.usdt), decimals: 6 },
          { coin: 'ETH', contract: null, decimals: 18 },
        ]),
      });
      const tokenTx = await env.chain.sendToken(env.usdt, address, '25', 6);
      const ethTx = await env.chain.sendEth(address, '0.5');
      await env.chain.sendToken(env.usdt, foreign, '7', 6);
      await env.chain.sendEth(foreign, '1');

      const first = await watch();
      expect(first).toMatchObject({ ran: true, detected: 2, credited: 0 });
      const seen = await env.database.db.select().from(deposits).where(eq(deposits.user, user.toLowerCase()));
      expect(
        seen.map((d) => [d.coin, d.amount.replace(/\.?0+$/, ''), d.status, d.confirmations]).sort(),
      ).toEqual([
        // Each transaction is a block of its own: four blocks, the token transfer first.
        ['ETH', '0.5', 'confirming', 3],
        ['USDT', '25', 'confirming', 4],
      ]);
      expect(seen.find((d) => d.coin === 'USDT')).toMatchObject({ txid: tokenTx, logIndex: 0 });
      expect(seen.find((d) => d.coin === 'ETH')).toMatchObject({ txid: ethTx, logIndex: -1 });
      expect(await balance(user, 'USDT')).toBe('0');
      // What the user's deposit record says: confirming, n of N.
      const records = (await depositRecords(env.database.db, user, 1, 20)).list;
      expect(records.map((r) => [r.coin, r.status, r.confirmations, r.required]).sort()).toEqual([
        ['ETH', 'confirming', 3, CONFIRMATIONS],
        ['USDT', 'confirming', 4, CONFIRMATIONS],
      ]);

      await env.chain.mine(CONFIRMATIONS - 4);
      expect(await watch()).toMatchObject({ credited: 1 });
      expect(await balance(user, 'USDT')).toBe('25');
      expect(await balance(user, 'ETH')).toBe('0');
      await env.chain.mine(1);
      expect(await watch()).toMatchObject({ credited: 1 });
      expect(await balance(user, 'USDT')).toBe('25');
      expect(await balance(user, 'ETH')).toBe('0.5');
      // Again and again: nothing more.
      await env.chain.mine(2);
      expect(await watch()).toMatchObject({ detected: 0, credited: 0 });
      expect(await balance(user, 'USDT')).toBe('25');
      const all = await env.database.db.select().from(deposits);
      expect(all.filter((d) => d.txid === tokenTx)).toHaveLength(1);
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a transaction the operator reported by hand is never credited twice', async () => {
      const user = wallet();
      await ensureUser(env.database.db, user, null);
      const address = await addressOf(user);
      const byHand = await env.chain.sendToken(env.usdt, address, '3', 6);
      const report = (txid: string, amount: string) =>
        admin(...depositArgs({ address: user, coin: 'USDT', chain: CHAIN, amount, txid }));
      expect((await report(byHand, '3')).ok).toBe(true);
      await env.chain.mine(CONFIRMATIONS);
      await watch();
      expect(await balance(user, 'USDT')).toBe('3');
      // One the watcher credited first is refused to the operator.
      const seen = await env.chain.sendToken(env.usdt, address, '2', 6);
      await env.chain.mine(CONFIRMATIONS);
      await watch();
      expect(await balance(user, 'USDT')).toBe('5');
      const again = await report(seen, '2');
      expect(again.ok).toBe(false);
      expect(again.text).toMatch(/credited once, ever/);
      expect(await balance(user, 'USDT')).toBe('5');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });

    test('a deposit whose block a reorg drops is never credited', async () => {
      const user = wallet();
      const address = await addressOf(user);
      const snapshot = await env.chain.snapshot();
      const tx = await env.chain.sendToken(env.usdt, address, '10', 6);
      expect(await watch()).toMatchObject({ detected: 1 });
      // The block with the transfer goes; other blocks take its height.
      await env.chain.revert(snapshot);
      await env.chain.mine(2);
      const after = await watch();
      expect(after.dropped).toBe(1);
      await env.chain.mine(CONFIRMATIONS + 2);
      await watch();
      expect(await env.database.db.select().from(deposits).where(eq(deposits.txid, tx))).toHaveLength(0);
      expect(await balance(user, 'USDT')).toBe('0');
      // A transfer after the reorg is seen and credited as usual.
      await env.chain.sendToken(env.usdt, address, '4', 6);
      await env.chain.mine(CONFIRMATIONS);
      await watch();
      expect(await balance(user, 'USDT')).toBe('4');
      expect((await auditLedger(env.database.db)).ok).toBe(true);
    });
    test.skipIf(target.name !== 'postgres')(
      'a watcher killed mid-stream (SIGKILL) and started again credits every transfer exactly once',
      async () => {
        const users = [wallet(), wallet(), wallet()];
        const addresses = await Promise.all(users.map(addressOf));
        const url = urlOf(env.database);
        const start = () => {
          const child = spawn(process.execPath, ['tests/helpers/watch-loop.ts', url, CHAIN, env.chain.url], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          return new Promise<typeof child>((resolve) => child.stdout?.once('data', () => resolve(child)));
        };
        const expected = new Map<string, number>();
        const send = async (round: number) => {
          for (const [i, address] of addresses.entries()) {
            const amount = round * 3 + i + 1;
            await env.chain.sendToken(env.usdt, address, String(amount), 6);
            const user = users[i] as string;
            expected.set(user, (expected.get(user) ?? 0) + amount);
          }
        };
        let child = await start();
        for (let round = 0; round < 4; round += 1) await send(round);
        // Killed while it reads and credits, without a chance to clean up.
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
        for (let round = 4; round < 8; round += 1) await send(round);
        child = await start();
        await env.chain.mine(CONFIRMATIONS);
        const deadline = Date.now() + 30_000;
        for (;;) {
          const settled = await Promise.all(
            users.map(async (u) => (await balance(u, 'USDT')) === String(expected.get(u))),
          );
          if (settled.every(Boolean) || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
        for (const u of users) expect(await balance(u, 'USDT')).toBe(String(expected.get(u)));
        const rows = await env.database.db.select().from(deposits);
        for (const u of users) expect(rows.filter((d) => d.user === u.toLowerCase())).toHaveLength(8);
        expect((await auditLedger(env.database.db)).ok).toBe(true);
      },
      90_000,
    );
  });
