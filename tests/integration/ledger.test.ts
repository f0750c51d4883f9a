/**
 * The ledger under invariants, on PGlite and PostgreSQL: balanced entries only, no negative user
 * or pool balance, retries that never double-apply, concurrent debits that cannot overspend, and
 * an audit that recomputes everything from the journal and notices tampering.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DomainError, isRefusal } from '../../protocol/domain-error.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import type { Database } from '../../server/db/client.ts';
import { sqlStateOf } from '../../server/db/retry.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import {
  balanceOf,
  credit,
  debit,
  freeze,
  post,
  postEntry,
  postMany,
  release,
  systemAccount,
  transfer,
  userAccount,
} from '../../server/ledger/ledger.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';

const wallet = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

/** A small deterministic generator, so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`ledger on ${target.name}`, () => {
    let database: Database;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ database, dispose } = await target.create());
      await seedDemo(database);
    });
    afterAll(async () => dispose?.());

    const deposit = (to: string, amount: string, key = randomUUID()) =>
      postEntry(database.db, {
        type: 'deposit',
        idempotencyKey: `t:${key}`,
        reference: 'test',
        postings: credit(to, 'deposits_clearing', 'USDT', amount),
      });

    test('a credit moves money from clearing to the user and the books balance', async () => {
      await deposit(wallet(1), '100.5');
      expect(await balanceOf(database.db, userAccount(wallet(1)), 'USDT')).toBe('100.5');
      expect(await balanceOf(database.db, systemAccount('deposits_clearing'), 'USDT')).toBe('-100.5');
      expect((await auditLedger(database.db)).ok).toBe(true);
    });

    test('unbalanced entries, unknown coins and too many decimals are refused before anything is written', async () => {
      const before = await auditLedger(database.db);
      await expect(
        postEntry(database.db, {
          type: 'deposit',
          idempotencyKey: `t:${randomUUID()}`,
          reference: 'test',
          postings: [
            { account: userAccount(wallet(1)), coin: 'USDT', amount: '1' },
            { account: systemAccount('deposits_clearing'), coin: 'USDT', amount: '-0.9' },
          ],
        }),
      ).rejects.toThrow(/does not balance/);
      await expect(deposit(wallet(1), '0.0000001')).rejects.toThrow(/decimals/);
      await expect(
        postEntry(database.db, {
          type: 'deposit',
          idempotencyKey: `t:${randomUUID()}`,
          reference: 't',
          postings: credit(wallet(1), 'deposits_clearing', 'XMR', '1'),
        }),
      ).rejects.toThrow(/unknown coin/);
      expect((await auditLedger(database.db)).entries).toBe(before.entries);
    });

    test('the same idempotency key posts once, also when retried at the same time', async () => {
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 8 }, () => deposit(wallet(2), '10', key)));
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(await balanceOf(database.db, userAccount(wallet(2)), 'USDT')).toBe('10');
    });

    test('a debit beyond the available balance is refused with insufficient_balance and changes nothing', async () => {
      await deposit(wallet(3), '5');
      const attempt = postEntry(database.db, {
        type: 'withdrawal',
        idempotencyKey: `t:${randomUUID()}`,
        reference: 't',
        postings: debit(wallet(3), 'withdrawals_clearing', 'USDT', '5.000001'),
      });
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
      await expect(attempt).rejects.toMatchObject({
        errorName: 'insufficient_balance',
        params: { coin: 'USDT' },
      });
      expect(await balanceOf(database.db, userAccount(wallet(3)), 'USDT')).toBe('5');
    });

    test('pools cannot go below zero either; clearing accounts can', async () => {
      const attempt = postEntry(database.db, {
        type: 'trading_settlement',
        idempotencyKey: `t:${randomUUID()}`,
        reference: 't',
        // A pool the demo seed leaves empty in USDT (mining pays out in the mined coins).
        postings: credit(wallet(3), 'mining_output_pool', 'USDT', '1'),
      });
      await expect(attempt).rejects.toMatchObject({ errorName: 'pool_exhausted' });
    });

    test('several entries in one call post as one by one would: in order, each key once, all or none', async () => {
      const [a, b] = [wallet(70_001), wallet(70_002)];
      const entry = (key: string, postings: ReturnType<typeof transfer>) => ({
        type: 'system_adjustment' as const,
        idempotencyKey: `t:${key}`,
        reference: 'test',
        postings,
      });
      const [fund, pay] = [randomUUID(), randomUUID()];
      // a pays b only after being funded: refused in the other order, though the sums are the same.
      const backwards = postMany(database.db, [
        entry(pay, transfer(userAccount(a), userAccount(b), 'USDT', '4')),
        entry(fund, credit(a, 'adjustments', 'USDT', '4')),
      ]);
      await expect(backwards).rejects.toMatchObject({ errorName: 'insufficient_balance' });
      expect(await balanceOf(database.db, userAccount(a), 'USDT')).toBe('0');
      const inOrder = await postMany(database.db, [
        entry(fund, credit(a, 'adjustments', 'USDT', '4')),
        entry(pay, transfer(userAccount(a), userAccount(b), 'USDT', '4')),
      ]);
      expect(inOrder.map((r) => r.duplicate)).toEqual([false, false]);
      // Retried beside a new entry: the two posted keys move nothing again.
      const again = await postMany(database.db, [
        entry(fund, credit(a, 'adjustments', 'USDT', '4')),
        entry(randomUUID(), credit(b, 'adjustments', 'USDT', '1')),
        entry(pay, transfer(userAccount(a), userAccount(b), 'USDT', '4')),
      ]);
      expect(again.map((r) => r.duplicate)).toEqual([true, false, true]);
      expect(again[0]?.entryId).toBe(inOrder[0]?.entryId);
      expect(await balanceOf(database.db, userAccount(a), 'USDT')).toBe('0');
      expect(await balanceOf(database.db, userAccount(b), 'USDT')).toBe('5');
      expect((await auditLedger(database.db)).ok).toBe(true);
    });

    test('an entry that names one account in several postings changes it by their sum, one entry or a batch', async () => {
      const [a, b] = [wallet(70_003), wallet(70_004)];
      // a: +5 and -2 in one entry (net +3), the clearing side -3; every posting kept as written.
      const split = (to: string) => ({
        type: 'system_adjustment' as const,
        idempotencyKey: `t:${randomUUID()}`,
        reference: 'test',
        postings: [
          { account: userAccount(to), coin: 'USDT', amount: '5' },
          { account: userAccount(to), coin: 'USDT', amount: '-2' },
          { account: systemAccount('adjustments'), coin: 'USDT', amount: '-3' },
        ],
      });
      const single = await postEntry(database.db, split(a));
      await postMany(database.db, [split(b), split(b)]);
      expect(await balanceOf(database.db, userAccount(a), 'USDT')).toBe('3');
      expect(await balanceOf(database.db, userAccount(b), 'USDT')).toBe('6');
      const rows = rowsOf<{ amount: string }>(
        await database.db.execute(
          sql`select amount::text from postings where entry_id = ${single.entryId} order by id`,
        ),
      );
      expect(rows.map((r) => Number(r.amount))).toEqual([5, -2, -3]);
      expect((await auditLedger(database.db)).ok).toBe(true);
    });

    test('50 concurrent debits of the whole balance: exactly one passes', async () => {
      const who = wallet(4);
      await deposit(who, '50');
      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          postEntry(database.db, {
            type: 'withdrawal',
            idempotencyKey: `t:${randomUUID()}`,
            reference: 't',
            postings: debit(who, 'withdrawals_clearing', 'USDT', '50'),
          }),
        ),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(refused.every((a) => isRefusal(a.reason, 'insufficient_balance'))).toBe(true);
      expect(await balanceOf(database.db, userAccount(who), 'USDT')).toBe('0');
      expect((await auditLedger(database.db)).ok).toBe(true);
    });

    test('random concurrent sequences across many users keep the books balanced and nobody negative', async () => {
      const next = random(target.name === 'pglite' ? 7 : 11);
      const users = Array.from({ length: 12 }, (_, i) => wallet(100 + i));
      const amount = () => (Math.floor(next() * 100_000) / 100).toFixed(2);
      for (let round = 0; round < 6; round += 1) {
        const ops = Array.from({ length: 40 }, () => {
          const who = users[Math.floor(next() * users.length)] as string;
          const kind = Math.floor(next() * 5);
          const postings =
            kind === 0
              ? credit(who, 'deposits_clearing', 'USDT', amount())
              : kind === 1
                ? debit(who, 'withdrawals_clearing', 'USDT', amount())
                : kind === 2
                  ? freeze(who, 'USDT', amount())
                  : kind === 3
                    ? release(who, 'USDT', amount())
                    : credit(who, 'adjustments', 'BTC', '0.00000001');
          return postEntry(database.db, {
            type: 'system_adjustment',
            idempotencyKey: `r:${randomUUID()}`,
            reference: 'random',
            postings,
          }).catch((error: unknown) => {
            // Refusals are the expected outcome of overspending; anything else fails the test.
            if (!isRefusal(error, 'insufficient_balance')) throw error;
          });
        });
        await Promise.all(ops);
      }
      const report = await auditLedger(database.db);
      expect(report).toMatchObject({ ok: true, mismatchedAccounts: 0, negativeBalances: 0 });
      expect(Object.values(report.sums).every((s) => s === '0')).toBe(true);
    });

    test('an entry, and a batch of entries, find their accounts through the index, not by reading every account', async () => {
      // A thousand accounts: for the 100 rows the planner guesses for an entry's few accounts, a
      // hash join over a scan of all of them was its choice at this size (migrations 0021, 0034).
      const many = Array.from({ length: 1000 }, (_, i) => wallet(50_000 + i));
      for (let i = 0; i < many.length; i += 10) {
        await Promise.all(many.slice(i, i + 10).map((owner) => deposit(owner, '2')));
      }
      const entry = (from: number, to: number) => ({
        type: 'system_adjustment' as const,
        idempotencyKey: `t:${randomUUID()}`,
        reference: 'test',
        postings: transfer(userAccount(many[from] ?? ''), userAccount(many[to] ?? ''), 'USDT', '1'),
      });
      const scans = await database.db.transaction(async (tx) => {
        // The view counts since its last flush, so each step's own scans are the difference.
        const seqScans = async (): Promise<number> => {
          const [row] = rowsOf<{ seq_scan: string | number }>(
            await tx.execute(
              sql`select seq_scan from pg_stat_xact_user_tables where relname = 'ledger_accounts'`,
            ),
          );
          return Number(row?.seq_scan ?? Number.NaN);
        };
        const start = await seqScans();
        await post(tx, entry(3, 700));
        const posted = await seqScans();
        // The trading engine's batch: every entry's accounts locked once, in id order.
        await postMany(tx, [entry(5, 900), entry(900, 6)]);
        const locked = (await seqScans()) - posted;
        // Locked indeed: another connection cannot take one of them (PGlite has one connection).
        const taken =
          target.name === 'postgres'
            ? await database.db
                .execute(
                  sql`select id from ledger_accounts where owner = ${many[900] ?? ''} for update nowait`,
                )
                .then(
                  () => 'taken',
                  (error: unknown) => sqlStateOf(error),
                )
            : '55P03';
        return { post: posted - start, lock: locked, taken };
      });
      expect(scans).toEqual({ post: 0, lock: 0, taken: '55P03' });
      expect(await balanceOf(database.db, userAccount(many[700] ?? ''), 'USDT')).toBe('3');
    });

    test('the audit notices a cached balance edited behind the journal', async () => {
      await database.db.execute(
        sql`update ledger_accounts set balance = balance + 1 where owner = ${wallet(1)} and coin = 'USDT' and bucket = 'available'`,
      );
      const report = await auditLedger(database.db);
      expect(report.ok).toBe(false);
      expect(report.mismatchedAccounts).toBe(1);
      const cli = await runAdminCommand(
        { argv: ['audit', '--json'], actor: 'test' },
        { database, via: 'direct' },
      );
      expect(cli.exitCode).toBe(1);
      await database.db.execute(
        sql`update ledger_accounts set balance = balance - 1 where owner = ${wallet(1)} and coin = 'USDT' and bucket = 'available'`,
      );
      expect((await auditLedger(database.db)).ok).toBe(true);
    });

    test('operator commands: fund a pool, adjust a user up and down, never below zero', async () => {
      const admin = (argv: string[]) =>
        runAdminCommand({ argv: asFirstSetup(argv), actor: 'ops' }, { database, via: 'direct' });
      expect(await admin(['fund', 'mining_output_pool', 'USDT', '1000', '--reason', 'launch'])).toMatchObject(
        { ok: true },
      );
      expect(await balanceOf(database.db, systemAccount('mining_output_pool'), 'USDT')).toBe('1000');
      expect(await admin(['fund', 'deposits_clearing', 'USDT', '1', '--reason', 'x'])).toMatchObject({
        exitCode: 2,
      });
      const who = wallet(9);
      expect(await admin(['adjust', who, 'USDT', '+25', '--reason', 'goodwill'])).toMatchObject({
        ok: true,
        json: { available: '25' },
      });
      expect(await admin(['adjust', who, 'USDT', '-30', '--reason', 'too much'])).toMatchObject({
        ok: false,
        exitCode: 2,
      });
      expect(await admin(['adjust', who, 'USDT', '-5', '--reason', 'correction'])).toMatchObject({
        ok: true,
        json: { available: '20' },
      });
      expect(await admin(['adjust', who, 'USDT', '1.0000001', '--reason', 'x'])).toMatchObject({
        exitCode: 2,
      });
      const audit = await admin(['audit', '--json']);
      expect(audit).toMatchObject({ ok: true, exitCode: 0, json: { ok: true } });
    });
  });
}
