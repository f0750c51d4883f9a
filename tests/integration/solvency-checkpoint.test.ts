/**
 * The solvency snapshot's journal checkpoint (server/modules/solvency/journal-checkpoint.ts): a
 * snapshot sums only the postings after the last checkpoint, and gets the journal's liabilities
 * right all the same; a posting committed late under a lower id than one already committed is
 * never left out (PostgreSQL, where writers run side by side); `admin audit` checks the checkpoint
 * against the postings; and the journal stays append-only.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { toUnits } from '../../protocol/solvency-units.ts';
import type { Tx } from '../../server/db/client.ts';
import { planByIndexes } from '../../server/db/index-plans.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { journalSince } from '../../server/modules/solvency/solvency.moment.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { lateDeposit } from '../helpers/late-writer.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { userLiabilities } from '../helpers/user-liabilities.ts';
import { depositTo, fundedWallet } from '../helpers/wallets.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`the solvency journal checkpoint on ${target.name}`, () => {
    const env = useSeededApp(target);
    const admin = directAdmin(env);

    /** What every posting to a user account owes, per coin: the whole journal, summed. */
    const wholeJournal = () => userLiabilities(env.database.db);

    async function latest() {
      const [row] = rowsOf<{
        through: string | number | null;
        totals: Record<string, string> | null;
        liabilities: string[];
        coins: string[];
      }>(
        await env.database.db.execute(sql`
          select journal_through as through, journal_totals as totals, totals as liabilities, coins
          from solvency_snapshots where complete order by id desc limit 1`),
      );
      if (!row) throw new Error('no snapshot');
      return row;
    }

    async function snapshot() {
      const taken = await admin('solvency', 'snapshot');
      expect(taken.ok, taken.text).toBe(true);
      const row = await latest();
      const owed = await wholeJournal();
      // The published liabilities are the whole journal's, however little of it was summed.
      for (const [i, coin] of row.coins.entries())
        expect(toUnits(row.liabilities[i] ?? '0'), coin).toBe(owed.get(coin) ?? 0n);
      return row;
    }

    async function user(usdt: string) {
      const wallet = await fundedWallet(env);
      const address = wallet.address.toLowerCase();
      await depositTo(env, address, 'USDT', usdt);
      return address;
    }

    test('each snapshot leaves a checkpoint that is the journal up to it; the next sums from there', async () => {
      await user('125.5');
      const first = await snapshot();
      expect(first.through).not.toBeNull();
      // The checkpoint is what the postings up to it owe, summed separately.
      const upTo = await userLiabilities(env.database.db, Number(first.through));
      expect(Object.keys(first.totals ?? {}).sort()).toEqual([...upTo.keys()].sort());
      for (const [coin, total] of upTo) expect(toUnits(first.totals?.[coin] ?? 'x'), coin).toBe(total);

      await user('7.25');
      const second = await snapshot();
      expect(Number(second.through)).toBeGreaterThan(Number(first.through));
    });

    test('a balance raised outside the journal is still refused when the journal is summed from a checkpoint', async () => {
      await snapshot();
      const address = await user('10');
      await env.database.db.execute(
        sql`update ledger_accounts set balance = balance + 1 where owner = ${address} and coin = 'USDT' and bucket = 'available'`,
      );
      try {
        const refused = await admin('solvency', 'snapshot');
        expect(refused.ok).toBe(false);
        expect(refused.text).toMatch(/refused: USDT/);
      } finally {
        await env.database.db.execute(
          sql`update ledger_accounts set balance = balance - 1 where owner = ${address} and coin = 'USDT' and bucket = 'available'`,
        );
      }
    });

    test("from a checkpoint the journal's check reads the postings after it by their key, not the journal", async () => {
      await snapshot();
      const { through } = await latest();
      const plan = await env.database.db.transaction(async (tx: Tx) => {
        await planByIndexes(tx);
        const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
          await tx.execute(sql`explain (format json) ${journalSince(Number(through), null)}`),
        );
        return JSON.stringify(row?.['QUERY PLAN']);
      });
      // No sequential scan of anything: postings by a range of their key, accounts by theirs.
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/"Relation Name":"postings"/);
      expect(plan).toMatch(/"Index Name":"postings_pkey"/);
      expect(plan).toMatch(/"Index Name":"ledger_accounts_pkey"/);
    });

    test('admin audit sums the postings up to the checkpoint again: a checkpoint changed since fails it', async () => {
      await snapshot();
      const clean = await admin('audit');
      expect(clean.ok, clean.text).toBe(true);
      const { through, totals } = await latest();
      expect(JSON.parse(clean.text).solvencyCheckpoint).toEqual({
        ok: true,
        through: Number(through),
        mismatches: {},
      });
      // The operators' list shows each snapshot's checkpoint beside what 10090 publishes.
      const list = await admin('solvency', 'list');
      expect(list.ok, list.text).toBe(true);
      expect(list.text).toContain(`journal checkpoint at posting ${Number(through)}`);
      const usdt = totals?.USDT ?? '0';
      await env.database.db.execute(sql`
        update solvency_snapshots set journal_totals = jsonb_set(journal_totals, '{USDT}', to_jsonb('1'::text))
        where journal_through = ${Number(through)}`);
      try {
        const off = await admin('audit');
        expect(off.ok).toBe(false);
        expect(JSON.parse(off.text).solvencyCheckpoint.mismatches).toEqual({
          USDT: { kept: '1', summed: usdt },
        });
      } finally {
        await env.database.db.execute(sql`
          update solvency_snapshots set journal_totals = jsonb_set(journal_totals, '{USDT}', to_jsonb(${usdt}::text))
          where journal_through = ${Number(through)}`);
      }
    });

    test('postings are append-only: an update or a delete is refused and changes nothing', async () => {
      const before = await wholeJournal();
      await expect(env.database.db.execute(sql`update postings set amount = amount + 1`)).rejects.toThrow();
      await expect(env.database.db.execute(sql`delete from postings`)).rejects.toThrow();
      expect(await wholeJournal()).toEqual(before);
    });

    test.skipIf(target.name !== 'postgres')(
      'a posting committed late under a lower id is counted: no checkpoint is taken past a writer',
      async () => {
        const late = await user('1');
        await snapshot();
        // A writer that drew its posting ids and has not committed: a deposit of 5 to `late`.
        const writer = await lateDeposit(env.database.db, late, 5);
        // Committed after the writer drew its ids: postings with higher ids.
        await user('3');
        const during = await snapshot();
        await writer.commit();
        // Its 5 are in the balances now; a checkpoint that had skipped them would owe 5 less, and
        // this snapshot would be refused.
        const after = await snapshot();
        expect(after.through).not.toBeNull();
        // The writer held the journal past the wait: no checkpoint was taken past its postings.
        expect(during.through).toBeNull();
      },
    );
  });
}
