/** The console's operators: added, removed, looked up (docs/operations.md). */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { OperatorRole, OperatorRow } from '../../protocol/ops.ts';
import type { DbOrTx } from '../db/client.ts';
import { operatorSessions, operators } from './operators.schema.ts';

export interface ActiveOperator {
  address: string;
  role: OperatorRole;
}

export async function findActiveOperator(db: DbOrTx, address: string): Promise<ActiveOperator | null> {
  const [row] = await db
    .select({ address: operators.address, role: operators.role })
    .from(operators)
    .where(and(eq(operators.address, address.toLowerCase()), isNull(operators.removedAt)));
  return row ? { address: row.address, role: row.role as OperatorRole } : null;
}

/** Adds the operator, or gives a removed or existing one this role. */
export async function addOperator(
  db: DbOrTx,
  input: { address: string; role: OperatorRole; addedBy: string },
): Promise<void> {
  const row = { address: input.address.toLowerCase(), role: input.role, addedBy: input.addedBy };
  await db
    .insert(operators)
    .values(row)
    .onConflictDoUpdate({
      target: operators.address,
      set: { role: row.role, addedBy: row.addedBy, addedAt: new Date(), removedAt: null },
    });
  // A changed role takes effect at the next sign-in: the sessions of the old role end now.
  await endOperatorSessions(db, row.address);
}

/** Removes the operator and ends its sessions at once; false when it was not an operator. */
export async function removeOperator(db: DbOrTx, address: string): Promise<boolean> {
  const removed = await db
    .update(operators)
    .set({ removedAt: new Date() })
    .where(and(eq(operators.address, address.toLowerCase()), isNull(operators.removedAt)))
    .returning({ address: operators.address });
  await endOperatorSessions(db, address.toLowerCase());
  return removed.length > 0;
}

export async function endOperatorSessions(db: DbOrTx, address: string): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: Date.now() })
    .where(and(eq(operatorSessions.address, address), isNull(operatorSessions.revokedAt)));
}

export async function listOperators(db: DbOrTx): Promise<OperatorRow[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.addedAt));
  return rows.map((r) => ({
    address: getAddress(r.address),
    role: r.role as OperatorRole,
    addedBy: r.addedBy,
    addedAt: r.addedAt.getTime(),
    removedAt: r.removedAt?.getTime() ?? null,
  }));
}
