/**
 * A withdraw sender process killed with SIGKILL right before its broadcast and right after it (a
 * real child process on a shared PostgreSQL database): the restarted sender broadcasts the stored
 * transaction, signs nothing again, and each withdrawal has exactly one transaction on chain.
 */
import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { auditLedger } from '../../server/ledger/audit.ts';
import { withdrawals } from '../../server/modules/withdraw/withdraw.schema.ts';
import { withdrawalSends } from '../../server/modules/withdraw-sender/index.ts';
import { useChainDatabase } from '../helpers/chain-app.ts';
import { DATABASE_TARGETS, urlOf } from '../helpers/databases.ts';
import {
  CHAIN,
  CONFIRMATIONS,
  fundedUser,
  minedCount,
  recipient,
  senderConfig,
  senderScene,
  tokenBalance,
  usdtTo,
} from '../helpers/sender-env.ts';

const postgres = DATABASE_TARGETS.find((t) => t.name === 'postgres');

describe.skipIf(!postgres?.available)('a withdraw sender killed with SIGKILL, postgres', () => {
  const { env } = useChainDatabase(postgres, senderConfig);
  const statusOf = async (id: number) =>
    (await env.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]?.status;

  test('killed before and after the broadcast: one transaction per withdrawal', async () => {
    const key = generatePrivateKey();
    const { clock, wallet, pass } = await senderScene(env, '2', '500', key);
    const user = await fundedUser(env.database, 'USDT', '100');
    const killedAt = async (point: 'before' | 'after') => {
      const child = spawn(
        process.execPath,
        [
          'tests/helpers/send-loop.ts',
          urlOf(env.database),
          CHAIN,
          env.chain.url,
          point,
          clock.now().toISOString(),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, HOT_WALLET_KEY_ERC20: key } },
      );
      const said = await new Promise<string>((resolve) =>
        child.stdout?.once('data', (d: Buffer) => resolve(String(d))),
      );
      expect(said).toBe(`${point} the broadcast\n`);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    };
    /** A pass of the restarted sender, once the killed one's session (and its lock) is gone. */
    const restarted = async () => {
      for (let i = 0; i < 200; i += 1) {
        const run = await pass();
        if (run.ran) return run;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('the killed sender’s lock was never released');
    };

    const [to1, to2] = [recipient(), recipient()];
    const first = await usdtTo(env.database, user, to1, '20');
    await killedAt('before');
    expect(await statusOf(first)).toBe('processing');
    expect(await minedCount(env, wallet.address)).toBe(0);
    expect(await restarted()).toMatchObject({ rebroadcast: 1, sent: 0 });
    expect(await minedCount(env, wallet.address)).toBe(1);

    const second = await usdtTo(env.database, user, to2, '30');
    await killedAt('after');
    expect(await minedCount(env, wallet.address)).toBe(2);
    expect(await restarted()).toMatchObject({ rebroadcast: 0, sent: 0 });

    await env.chain.mine(CONFIRMATIONS);
    expect(await restarted()).toMatchObject({ completed: 2 });
    expect(await minedCount(env, wallet.address)).toBe(2);
    expect(await tokenBalance(env, to1)).toBe(19_000_000n);
    expect(await tokenBalance(env, to2)).toBe(29_000_000n);
    const sends = await env.database.db
      .select()
      .from(withdrawalSends)
      .where(eq(withdrawalSends.sender, wallet.address.toLowerCase()));
    expect(sends.map((s) => [s.withdrawalId, s.nonce]).sort()).toEqual([
      [first, 0],
      [second, 1],
    ]);
    expect((await auditLedger(env.database.db)).ok).toBe(true);
  }, 60_000);
});
