/**
 * What the journal says users are owed, per coin: every posting to a user account, summed, as a
 * test computes it apart from the code under test (the solvency snapshot's check, its checkpoint).
 */
import { sql } from 'drizzle-orm';
import { toUnits } from '../../protocol/solvency-units.ts';
import type { DbOrTx } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/rows.ts';

/** Per coin, in units of 10^-18; only the postings up to `through` when it is given. */
export async function userLiabilities(db: DbOrTx, through?: number): Promise<Map<string, bigint>> {
  const rows = rowsOf<{ coin: string; total: string }>(
    await db.execute(sql`
      select a.coin, sum(p.amount)::text as total from postings p
      join ledger_accounts a on a.id = p.account_id
      where a.kind = 'user' ${through === undefined ? sql`` : sql`and p.id <= ${through}`}
      group by a.coin`),
  );
  return new Map(rows.map((r) => [r.coin, toUnits(r.total)]));
}
