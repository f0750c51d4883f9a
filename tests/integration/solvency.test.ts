/**
 * Proof of solvency through the API and the admin CLI, on PGlite and PostgreSQL: after random
 * money movements (deposits, stakes, withdrawals) a snapshot's root sums equal the users'
 * liabilities in the journal, every user (one without money too) verifies their own proof, every
 * part of their balances, with Web Crypto against the published root, the tree is rebuilt from
 * what the snapshot stores (leaves, decoys, salts) to the same root, the daily job takes one
 * snapshot per day however often it runs, a ledger whose cached balances disagree with its journal
 * is refused, and a proof is only ever given to its own wallet.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { buildSumTree, type SolvencyList, verifyProof, webCryptoSha256 } from '../../protocol/solvency.ts';
import { fromUnits, toUnits } from '../../protocol/solvency-units.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { DECOY_WALLET } from '../../server/modules/solvency/leaves.ts';
import { runDailySnapshot } from '../../server/modules/solvency/solvency.job.ts';
import { sha256Hex } from '../../server/modules/solvency/solvency.service.ts';
import { storedLeaves } from '../../server/modules/solvency/solvency.store.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { signedWithdrawal } from '../helpers/signed-withdrawal.ts';
import { userLiabilities } from '../helpers/user-liabilities.ts';
import { depositTo, fundedWallet } from '../helpers/wallets.ts';

const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`proof of solvency on ${target.name}`, () => {
    const env = useSeededApp(target);

    const admin = directAdmin(env);

    async function user() {
      const wallet = await fundedWallet(env);
      return { address: wallet.address.toLowerCase(), call: wallet.call, account: wallet.signed.account };
    }

    const liabilities = () => userLiabilities(env.database.db);

    /** A wallet's balances per coin over every user bucket, as the ledger holds them. */
    async function balancesOf(wallet: string, coins: string[]): Promise<string[]> {
      const rows = rowsOf<{ coin: string; total: string }>(
        await env.database.db.execute(sql`
          select coin, sum(balance)::text as total from ledger_accounts
          where kind = 'user' and owner = ${wallet} group by coin`),
      );
      const by = new Map(rows.map((r) => [r.coin, fromUnits(toUnits(r.total))]));
      return coins.map((coin) => by.get(coin) ?? '0');
    }

    test('property: after random money movements the root sums the journal and every proof verifies', async () => {
      const plans = dataOf(await caller(env.app)('10035'));
      const usdtPlan = plans.find((p) => p.coin === 'USDT');
      if (!usdtPlan) throw new Error('no USDT plan in the demo seed');
      const amount = fc.integer({ min: 50, max: 5000 }).map((n) => `${n}.${String(n % 97).padStart(2, '0')}`);
      const move = fc.record({ deposit: amount, stakes: fc.boolean(), withdraws: fc.boolean() });
      await fc.assert(
        fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 4 }), async (moves) => {
          const users = [];
          for (const { deposit, stakes, withdraws } of moves) {
            const u = await user();
            await depositTo(env, u.address, 'USDT', deposit);
            if (stakes) {
              const staked = await u.call('10036', {
                planId: String(usdtPlan.id),
                amount: usdtPlan.min,
                requestId: randomUUID(),
              });
              expect(staked.respCode, staked.respMsg).toBe('00000');
            }
            if (withdraws) {
              const sent = await signedWithdrawal(u.call, u.account, {
                coin: 'USDT',
                chain: 'TRC20',
                address: TRON_TO,
                amount: '20',
              });
              expect(sent.respCode, sent.respMsg).toBe('00000');
            }
            users.push(u);
          }
          // Signed in, never paid: included with zeros, and able to check that too.
          const idle = await user();
          users.push(idle);

          const taken = await admin('solvency', 'snapshot');
          expect(taken.ok, taken.text).toBe(true);
          const list = await caller(env.app)('10090');
          expect(list.respCode).toBe('00000');
          const latest = list.data?.snapshots[0];
          if (!latest) throw new Error('no snapshot published');
          const owed = await liabilities();
          for (const coin of latest.coins) {
            expect(toUnits(coin.liabilities), coin.coin).toBe(owed.get(coin.coin) ?? 0n);
            // No reserve address declared: not attested, never a typed-in figure.
            expect(coin.reserves).toBeNull();
            expect(coin.ratio).toBeNull();
          }
          for (const u of users) {
            const answer = dataOf(await u.call('10091'));
            if ('pending' in answer) throw new Error('a wallet in the snapshot has its proof');
            const proof = answer;
            expect(proof.wallet).toBe(u.address);
            expect(proof.root.hash).toBe(latest.rootHash);
            expect(proof.balances).toEqual(await balancesOf(u.address, proof.coins));
            expect(await verifyProof(proof, webCryptoSha256, u.address)).toMatchObject({
              included: true,
              parts: proof.parts.length,
            });
            expect(proof.parts.length).toBeGreaterThanOrEqual(2);
          }
          const empty = (await idle.call('10091')).data;
          expect(empty && !('pending' in empty) && empty.balances.every((b) => b === '0')).toBe(true);
        }),
        { numRuns: 4 },
      );
    }, 60_000);

    test('an auditor rebuilds the tree from the stored leaves: the same root, parts summing to each balance, decoys empty', async () => {
      const u = await user();
      await depositTo(env, u.address, 'USDT', '99119.531771');
      const taken = await admin('solvency', 'snapshot');
      expect(taken.ok, taken.text).toBe(true);
      const { id, rootHash, coins } = dataOf(await caller(env.app)('10090'))
        .snapshots[0] as SolvencyList['snapshots'][number];
      const leaves = await storedLeaves(env.database.db, id, coins.length);
      const tree = buildSumTree(leaves, coins.length, sha256Hex);
      expect(tree.at(-1)?.[0]?.hash).toBe(rootHash);
      const decoys = leaves.filter((leaf) => leaf.wallet === DECOY_WALLET);
      expect(decoys.length).toBeGreaterThan(0);
      expect(decoys.every((leaf) => leaf.balances.every((b) => b === '0'))).toBe(true);
      const symbols = coins.map((c) => c.coin);
      const mine = leaves.filter((leaf) => leaf.wallet === u.address);
      const summed = symbols.map((_, c) =>
        fromUnits(mine.reduce((s, l) => s + toUnits(l.balances[c] ?? '0'), 0n)),
      );
      expect(summed).toEqual(await balancesOf(u.address, symbols));
      // Split, so no single leaf shows the whole deposit (USDT has 6 decimals: parts stay at them).
      const usdt = symbols.indexOf('USDT');
      expect(mine.every((leaf) => toUnits(leaf.balances[usdt] ?? '0') < toUnits('99119.531771'))).toBe(true);
      expect(mine.every((leaf) => /^\d+(\.\d{1,6})?$/.test(leaf.balances[usdt] ?? ''))).toBe(true);
    });

    test('a proof is given only to a signed-in wallet, and only its own; unknown snapshots are not found', async () => {
      const anonymous = await caller(env.app)('10091');
      expect(anonymous.respCode).not.toBe('00000');
      expect(anonymous.data ?? null).toBeNull();
      const u = await user();
      // Signed in after the last snapshot: not in it, and told when it will be (not an error):
      // the next UTC midnight, as read before or after the calls (a day may turn between them).
      const days = (at: number) => Math.floor(at / 86_400_000) * 86_400_000 + 86_400_000;
      const before = Date.now();
      const pending = dataOf(await u.call('10091'));
      const list = dataOf(await u.call('10090'));
      const after = Date.now();
      expect(pending).toMatchObject({ pending: true, snapshot: { id: expect.any(Number) } });
      expect([days(before), days(after)]).toContain('pending' in pending ? pending.nextSnapshotAt : 0);
      expect([days(before), days(after)]).toContain(list.nextSnapshotAt);
      expect((await u.call('10091', { snapshotId: '999999' })).respCode).toBe(ERRORS.not_found.code);
      expect((await u.call('10091', { snapshotId: 'x' })).respCode).toBe(ERRORS.field_invalid.code);
    });

    test('the daily job takes one snapshot per UTC day, however often and concurrently it runs', async () => {
      const count = async () =>
        rowsOf<{ n: number }>(
          await env.database.db.execute(
            sql`select count(*)::int as n from solvency_snapshots where day = '2031-01-02'`,
          ),
        )[0]?.n;
      const at = new Date('2031-01-02T00:00:30Z');
      await Promise.all([runDailySnapshot(env.database, at), runDailySnapshot(env.database, at)]);
      await runDailySnapshot(env.database, new Date('2031-01-02T23:59:00Z'));
      expect(await count()).toBe(1);
    });

    test('a ledger whose cached balances disagree with its journal is refused, and nothing is published', async () => {
      const before = dataOf(await caller(env.app)('10090')).snapshots.length;
      const u = await user();
      await depositTo(env, u.address, 'USDT', '10');
      // A balance raised outside the journal: the tree would promise money no posting owes.
      await env.database.db.execute(
        sql`update ledger_accounts set balance = balance + 1 where owner = ${u.address} and coin = 'USDT' and bucket = 'available'`,
      );
      try {
        const refused = await admin('solvency', 'snapshot');
        expect(refused.ok).toBe(false);
        expect(refused.text).toMatch(/refused: USDT/);
        const after = dataOf(await caller(env.app)('10090')).snapshots.length;
        expect(after).toBe(before);
      } finally {
        await env.database.db.execute(
          sql`update ledger_accounts set balance = balance - 1 where owner = ${u.address} and coin = 'USDT' and bucket = 'available'`,
        );
      }
    });
  });
}
