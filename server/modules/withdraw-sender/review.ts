/**
 * An operator's review (`admin withdrawals review <id>`). Above its rule's dual limit
 * (withdraw_rules.dual_limit, `admin config withdraw-auto … --dual <n>`) a withdrawal needs two
 * different operators: the first approval is recorded and the withdrawal stays submitted; the
 * second, by someone else, reviews it. Each approval is in withdrawal_approvals and, as every
 * admin command, in the admin audit with its operator.
 */
import { and, asc, eq } from 'drizzle-orm';
import { dec } from '../../../protocol/money.ts';
import type { Withdrawal } from '../../../protocol/withdraw.ts';
import type { Tx } from '../../db/client.ts';
import { advanceWithdrawal, WithdrawalStateError, withdrawals, withdrawRules } from '../withdraw/index.ts';
import { withdrawalApprovals } from './withdraw-sender.schema.ts';

export type ReviewOutcome =
  | { reviewed: true; withdrawal: Withdrawal; approvedBy: string[] }
  | { reviewed: false; approvedBy: string[]; needed: 2 };

export async function reviewWithdrawal(
  tx: Tx,
  id: number,
  operator: string,
  at: Date,
): Promise<ReviewOutcome> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!row) throw new WithdrawalStateError(`no withdrawal ${id}`);
  if (row.status !== 'submitted')
    throw new WithdrawalStateError(`withdrawal ${id} cannot go from ${row.status} to reviewed`);
  const [rule] = await tx
    .select({ dual: withdrawRules.dualLimit })
    .from(withdrawRules)
    .where(and(eq(withdrawRules.coin, row.coin), eq(withdrawRules.chain, row.chain)));
  const dual = typeof rule?.dual === 'string' && dec(row.amount).greaterThan(dec(rule.dual));
  if (!dual) {
    const withdrawal = await advanceWithdrawal(tx, id, 'reviewed', { actor: `operator:${operator}` });
    return { reviewed: true, withdrawal, approvedBy: [operator] };
  }
  await tx.insert(withdrawalApprovals).values({ withdrawalId: id, operator, at }).onConflictDoNothing();
  const approvedBy = (
    await tx
      .select({ operator: withdrawalApprovals.operator })
      .from(withdrawalApprovals)
      .where(eq(withdrawalApprovals.withdrawalId, id))
      .orderBy(asc(withdrawalApprovals.at), asc(withdrawalApprovals.operator))
  ).map((a) => a.operator);
  if (approvedBy.length < 2) return { reviewed: false, approvedBy, needed: 2 };
  const withdrawal = await advanceWithdrawal(tx, id, 'reviewed', {
    actor: approvedBy.map((o) => `operator:${o}`).join(' + '),
  });
  return { reviewed: true, withdrawal, approvedBy };
}
