/**
 * A snapshot's moment (docs/solvency.md): every user's balance per coin, and the journal's own
 * totals of what users are owed, read in the caller's repeatable-read transaction. Refuses
 * (SnapshotRefused) a negative balance.
 */
import { type SQL, sql } from 'drizzle-orm';
import { fromUnits, toUnits } from '../../../protocol/solvency-units.ts';
import type { Tx } from '../../db/client.ts';
import { planByIndexes } from '../../db/index-plans.ts';
import { rowsOf } from '../../db/rows.ts';
import type { JournalCheckpoint } from './journal-checkpoint.ts';
import type { UserUnits } from './leaves.ts';

export class SnapshotRefused extends Error {}

/**
 * Rows read per query by `readMoment`, as one text value: at 100,000 users a row per account cost
 * PGlite 8 µs each to hand over (5 s of the snapshot's 15), one text of them 1 µs. Bounded, so
 * that the text stays far below PostgreSQL's 1 GB limit for a value at any user count.
 */
const READ_CHUNK = 200_000;

/**
 * `select max(key) as last, string_agg(line, '\n') as lines` over the rows after the key `after`
 * (null: from the first), page by page (keyset); each line's space-separated fields to `onLine`.
 */
async function readLines(
  tx: Tx,
  page: (after: string | null) => SQL,
  onLine: (fields: string[]) => void,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const query: SQL = page(after);
    const [row] = rowsOf<{ last: string | null; lines: string | null }>(await tx.execute(query));
    if (!row || row.last === null || row.lines === null) return;
    for (const line of row.lines.split('\n')) onLine(line.split(' '));
    after = String(row.last);
  }
}

/**
 * What the postings to user accounts after `through` owe, per coin (`total`), and those of them up
 * to `horizon` (`upto`). From a checkpoint they are a day's, a range at the end of the primary key,
 * each one's account then found by its key (the lateral's `offset 0` keeps postings the outer
 * side; run it under `planByIndexes`). Left to its guesses (PGlite keeps no statistics) the planner
 * scanned every posting and hashed every user account: 305 ms for 1,001 postings at 100,000 users,
 * against 4-10 ms. From the start (no checkpoint) it reads the whole journal, where those scans
 * are the right plan (0.9 s against 1.2 s).
 */
export function journalSince(through: number, horizon: number | null): SQL {
  const accounts =
    through > 0
      ? sql`cross join lateral (select coin, kind from ledger_accounts where id = p.account_id offset 0) a`
      : sql`join ledger_accounts a on a.id = p.account_id`;
  return sql`
    select a.coin, sum(p.amount)::text as total,
           sum(p.amount) filter (where p.id <= ${horizon ?? 0})::text as upto
    from postings p ${accounts}
    where a.kind = 'user' and p.id > ${through} group by a.coin`;
}

/**
 * Every user's balances and the journal's totals, read at one moment: the totals from `checkpoint`
 * on, and the checkpoint up to `horizon` for the next snapshot (null: none is taken).
 */
export async function readMoment(tx: Tx, checkpoint: JournalCheckpoint, horizon: number | null) {
  const coinRows = rowsOf<{ symbol: string; precision: number }>(
    await tx.execute(sql`select symbol, precision from coins order by symbol`),
  );
  const coins = coinRows.map((r) => r.symbol);
  const column = new Map(coins.map((c, i) => [c, i]));
  // Every wallet has a leaf, whether it holds anything or not.
  const units = new Map<string, bigint[]>();
  await readLines(
    tx,
    (after) => sql`
      select max(address) as last, string_agg(address, '\n') as lines from (
        select address from users where address > ${after ?? ''} order by address limit ${READ_CHUNK}) page`,
    ([wallet = '']) =>
      units.set(
        wallet,
        coins.map(() => 0n),
      ),
  );
  // Each user account that holds anything; an owner's buckets (available, frozen...) add up.
  // By ranges of ids, not pages in id order: a range needs no ordered walk and limit, and cost
  // PGlite 0.18-0.21 s against 0.24-0.34 s per 200,000 accounts, warm (2026-12-02).
  const [top] = rowsOf<{ last: number | null }>(
    await tx.execute(sql`select max(id) as last from ledger_accounts`),
  );
  for (let from = 0; from < Number(top?.last ?? 0); from += READ_CHUNK) {
    const [row] = rowsOf<{ lines: string | null }>(
      await tx.execute(sql`
        select string_agg(owner || ' ' || coin || ' ' || balance::text, '\n') as lines
        from ledger_accounts
        where kind = 'user' and balance <> 0 and id > ${from} and id <= ${from + READ_CHUNK}`),
    );
    if (!row?.lines) continue;
    for (const line of row.lines.split('\n')) {
      const [owner = '', coin = '', balance = ''] = line.split(' ');
      const i = column.get(coin);
      if (i === undefined) continue;
      let amounts = units.get(owner);
      if (!amounts) {
        amounts = coins.map(() => 0n);
        units.set(owner, amounts);
      }
      amounts[i] = (amounts[i] as bigint) + toUnits(balance);
    }
  }
  // The journal's own view of the same moment: the checkpoint's totals and every posting to a
  // user account after it (`journal-checkpoint.ts`); those up to `horizon` also make the next
  // checkpoint.
  if (checkpoint.through > 0) await planByIndexes(tx);
  const journal = rowsOf<{ coin: string; total: string; upto: string | null }>(
    await tx.execute(journalSince(checkpoint.through, horizon)),
  );
  const owed = new Map(checkpoint.totals);
  const next: JournalCheckpoint | null =
    horizon === null || horizon < checkpoint.through
      ? null
      : { through: horizon, totals: new Map(checkpoint.totals) };
  for (const row of journal) {
    owed.set(row.coin, (owed.get(row.coin) ?? 0n) + toUnits(row.total));
    if (next && row.upto !== null)
      next.totals.set(row.coin, (next.totals.get(row.coin) ?? 0n) + toUnits(row.upto));
  }
  const users: UserUnits[] = [];
  for (const [wallet, amounts] of units) {
    const negative = amounts.findIndex((u) => u < 0n);
    if (negative >= 0) throw new SnapshotRefused(`a negative balance of ${coins[negative]}`);
    users.push({ wallet, units: amounts });
  }
  return {
    coins,
    precisions: coinRows.map((r) => r.precision),
    users,
    owed: new Map([...owed].map(([coin, units]) => [coin, fromUnits(units)])),
    checkpoint: next,
  };
}
