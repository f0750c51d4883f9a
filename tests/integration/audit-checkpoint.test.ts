/**
 * The audit from a checkpoint (server/ledger/audit-checkpoint.ts, the dashboard's audit): it sums
 * only the postings after the checkpoint the last clean run left and finds what the full audit
 * finds; a clean run moves the checkpoint, a run that finds the books off leaves it; two runs at
 * once add the same postings once; the full audit (`admin audit`) sums the postings up to the
 * checkpoint again and fails on kept sums changed since; and (PostgreSQL, where writers run side
 * by side) no checkpoint is moved past a writer that has drawn posting ids and not committed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { rowsOf } from '../../server/db/rows.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { auditFromCheckpoint } from '../../server/ledger/audit-checkpoint.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { lateDeposit } from '../helpers/late-writer.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { depositTo, fundedWallet } from '../helpers/wallets.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`the audit from a checkpoint on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = directAdmin(env);
    const db = () => env.database.db;

    async function deposit(usdt: string): Promise<string> {
      const wallet = await fundedWallet(env);
      const address = wallet.address.toLowerCase();
      await depositTo(env, address, 'USDT', usdt);
      return address;
    }

    const lastPosting = async () =>
      Number(
        rowsOf<{ id: string }>(
          await db().execute(sql`select coalesce(max(id), 0)::text as id from postings`),
        )[0]?.id,
      );

    /** Accounts whose kept sum is not their postings up to `through`, counted apart from the code. */
    const keptSumsOff = async (through: number) =>
      rowsOf<{ n: number }>(
        await db().execute(sql`
          select count(*)::int as n from (
            select account_id, sum(amount) as total from postings where id <= ${through} group by account_id
          ) p full join ledger_audit_sums s on s.account_id = p.account_id
          where coalesce(p.total, 0) <> coalesce(s.total, 0)`),
      )[0]?.n;

    const usdtAccountOf = (address: string) =>
      sql`(select id from ledger_accounts where owner = ${address} and coin = 'USDT' and bucket = 'available')`;

    test('a run sums from the checkpoint, answers as the full audit does, and moves it on', async () => {
      await deposit('12.5');
      const first = await auditFromCheckpoint(db());
      expect(first.ok).toBe(true);
      expect(first.checkpoint).toBe(await lastPosting());
      expect(await keptSumsOff(first.checkpoint)).toBe(0);

      await deposit('7.25');
      const second = await auditFromCheckpoint(db());
      expect(second.from).toBe(first.checkpoint);
      expect(second.checkpoint).toBe(await lastPosting());
      expect(second.checkpoint).toBeGreaterThan(second.from);
      expect(await keptSumsOff(second.checkpoint)).toBe(0);
      const full = await auditLedger(db());
      const { from: _from, checkpoint: _checkpoint, ...fromCheckpoint } = second;
      const { auditCheckpoint, ...books } = full;
      expect(fromCheckpoint).toEqual(books);
      expect(auditCheckpoint).toEqual({
        through: second.checkpoint,
        mismatchedAccounts: 0,
        mismatchedCoins: {},
      });
    });

    test('a balance changed outside the journal is found, and the checkpoint stays where it was', async () => {
      const address = await deposit('10');
      const before = await auditFromCheckpoint(db());
      await deposit('1');
      await db().execute(
        sql`update ledger_accounts set balance = balance + 1 where id = ${usdtAccountOf(address)}`,
      );
      try {
        const off = await auditFromCheckpoint(db());
        expect(off).toMatchObject({ ok: false, mismatchedAccounts: 1, from: before.checkpoint });
        expect(off.checkpoint).toBe(before.checkpoint);
        expect((await auditLedger(db())).mismatchedAccounts).toBe(1);
      } finally {
        await db().execute(
          sql`update ledger_accounts set balance = balance - 1 where id = ${usdtAccountOf(address)}`,
        );
      }
      expect((await auditFromCheckpoint(db())).ok).toBe(true);
    });

    test('kept sums changed since fail both audits; admin audit names the checkpoint', async () => {
      const address = await deposit('3');
      const { checkpoint } = await auditFromCheckpoint(db());
      const clean = await admin('audit');
      expect(clean.ok, clean.text).toBe(true);
      expect(JSON.parse(clean.text).auditCheckpoint).toEqual({
        through: checkpoint,
        mismatchedAccounts: 0,
        mismatchedCoins: {},
      });

      await db().execute(
        sql`update ledger_audit_sums set total = total + 1 where account_id = ${usdtAccountOf(address)}`,
      );
      try {
        expect(await auditFromCheckpoint(db())).toMatchObject({ ok: false, mismatchedAccounts: 1 });
        const off = await admin('audit');
        expect(off.ok).toBe(false);
        expect(JSON.parse(off.text).auditCheckpoint).toMatchObject({ mismatchedAccounts: 1 });
      } finally {
        await db().execute(
          sql`update ledger_audit_sums set total = total - 1 where account_id = ${usdtAccountOf(address)}`,
        );
      }

      await db().execute(
        sql`update ledger_audit_checkpoint set coin_totals = jsonb_set(coin_totals, '{USDT}', to_jsonb('1'::text))`,
      );
      try {
        const off = await admin('audit');
        expect(off.ok).toBe(false);
        expect(JSON.parse(off.text).auditCheckpoint.mismatchedCoins).toEqual({
          USDT: { kept: '1', summed: '0' },
        });
        expect((await auditFromCheckpoint(db())).sums.USDT).toBe('1');
      } finally {
        await db().execute(
          sql`update ledger_audit_checkpoint set coin_totals = jsonb_set(coin_totals, '{USDT}', to_jsonb('0'::text))`,
        );
      }
      expect((await admin('audit')).ok).toBe(true);
    });

    test('two runs at once add the postings after the checkpoint once', async () => {
      await auditFromCheckpoint(db());
      await deposit('2');
      await deposit('4');
      const runs = await Promise.all([auditFromCheckpoint(db()), auditFromCheckpoint(db())]);
      expect(runs.every((run) => run.ok)).toBe(true);
      const through = Math.max(...runs.map((run) => run.checkpoint));
      expect(through).toBe(await lastPosting());
      expect(await keptSumsOff(through)).toBe(0);
      expect((await auditLedger(db())).ok).toBe(true);
    });

    test.skipIf(target.name !== 'postgres')(
      'no checkpoint is moved past a writer that drew posting ids and has not committed',
      async () => {
        const late = await deposit('1');
        await auditFromCheckpoint(db());
        // A deposit of 5 to `late` booked by hand, held open after its postings are inserted.
        const writer = await lateDeposit(db(), late, 5);
        // Committed after the writer drew its ids: postings with higher ids.
        await deposit('3');
        const during = await auditFromCheckpoint(db());
        await writer.commit();
        // The books were right as seen, but the writer held the journal past the wait: had the
        // checkpoint moved past its postings, they would never be added to the kept sums.
        expect(during.ok).toBe(true);
        expect(during.checkpoint).toBe(during.from);
        const after = await auditFromCheckpoint(db());
        expect(after.ok).toBe(true);
        expect(after.checkpoint).toBe(await lastPosting());
        expect(await keptSumsOff(after.checkpoint)).toBe(0);
      },
    );
  });
}
