/**
 * A ledger writer that has drawn its posting ids and not committed: a deposit of `amount` USDT to
 * `owner`'s available account, booked by hand against a clearing account of its own (so that it
 * locks nothing another write needs), held open until `commit`. For the tests of sums kept up to
 * the journal's horizon (server/ledger/journal-horizon.ts): a posting committed late under a
 * lower id than one already committed must never be left out.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/rows.ts';

export interface LateWriter {
  /** Lets the writer commit, and waits until it has. */
  commit(): Promise<void>;
}

/** Starts the writer and resolves once its postings are inserted (their ids drawn). */
export async function lateDeposit(db: Db, owner: string, amount: number): Promise<LateWriter> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted = (): void => undefined;
  const drawn = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const writer = db.transaction(async (tx: Tx) => {
    const [entry] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into journal_entries (type, idempotency_key, reference)
        values ('deposit', ${`late:${randomUUID()}`}, 'late writer') returning id`),
    );
    const [clearing] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into ledger_accounts (owner, coin, bucket, kind, balance)
        values ('system', 'USDT', ${`late_${randomUUID().slice(0, 8)}`}, 'clearing', ${-amount}::numeric) returning id`),
    );
    await tx.execute(sql`
      with target as (
        update ledger_accounts set balance = balance + ${amount}::numeric
        where owner = ${owner} and coin = 'USDT' and bucket = 'available' returning id)
      insert into postings (entry_id, account_id, coin, amount)
      select ${entry?.id}::bigint, id, 'USDT', ${amount}::numeric from target
      union all select ${entry?.id}::bigint, ${clearing?.id}::bigint, 'USDT', ${-amount}::numeric`);
    inserted();
    await released;
  });
  // (A writer that fails settles the race instead of leaving the test waiting.)
  await Promise.race([drawn, writer]);
  return {
    commit: async () => {
      release();
      await writer;
    },
  };
}
