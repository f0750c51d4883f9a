/**
 * The auto limit (withdraw_rules.auto_limit): a submitted withdrawal at or below its coin's limit
 * on the chain is reviewed by the sender itself, its history naming the sender as the reviewer. Above the limit,
 * or with no limit set, it waits for an operator (`admin withdrawals review`).
 */
import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { advanceWithdrawal, withdrawals, withdrawRules } from '../withdraw/index.ts';
import { SENDER_ACTOR } from './sender-context.ts';

export async function autoApprove(database: Database, chain: string): Promise<number> {
  const due = await database.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .innerJoin(
      withdrawRules,
      and(eq(withdrawRules.coin, withdrawals.coin), eq(withdrawRules.chain, withdrawals.chain)),
    )
    .where(
      and(
        eq(withdrawals.chain, chain),
        eq(withdrawals.status, 'submitted'),
        isNotNull(withdrawRules.autoLimit),
        lte(withdrawals.amount, withdrawRules.autoLimit),
        // Never past the two-operator rule, whatever the auto limit says.
        or(isNull(withdrawRules.dualLimit), lte(withdrawals.amount, withdrawRules.dualLimit)),
      ),
    )
    .orderBy(asc(withdrawals.id))
    .limit(100);
  let approved = 0;
  for (const w of due) {
    await database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, w.id)).for('update');
      if (row?.status !== 'submitted') return;
      // The history's actor says who reviewed it; the note (shown to the user) stays empty, so
      // the limit is not disclosed.
      await advanceWithdrawal(tx, w.id, 'reviewed', { actor: SENDER_ACTOR });
      approved += 1;
    });
  }
  return approved;
}
