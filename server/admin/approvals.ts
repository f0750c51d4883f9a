/**
 * The two-person rule (docs/operations.md): a command that moves or promises money
 * (protocol/ops.ts TWO_PERSON_COMMANDS) is stored as a request when an operator asks for it, and
 * runs, exactly as asked, only when a second, different operator approves it before it expires.
 * A request can be refused; an expired one can no longer be approved.
 */
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { APPROVAL_TTL_MS, type Approval, type ApprovalStatus } from '../../protocol/ops.ts';
import type { DbOrTx } from '../db/client.ts';
import { approvals, operators } from './operators.schema.ts';

type ApprovalRow = typeof approvals.$inferSelect;

export function toApproval(row: ApprovalRow): Approval {
  return {
    id: row.id,
    command: row.command,
    argv: row.argv,
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    status: row.status,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.getTime() ?? null,
    outcome: row.outcome,
  };
}

/** How many operators can act now: while there are none, the CLI does first set-up alone. */
export async function activeOperatorCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(operators).where(isNull(operators.removedAt));
  return Number(row?.n ?? 0);
}

export async function requestApproval(
  db: DbOrTx,
  input: { command: string; argv: string[]; reason: string; requestedBy: string; now: Date },
): Promise<Approval> {
  const [row] = await db
    .insert(approvals)
    .values({
      command: input.command,
      argv: input.argv,
      reason: input.reason,
      requestedBy: input.requestedBy,
      requestedAt: input.now,
      expiresAt: new Date(input.now.getTime() + APPROVAL_TTL_MS),
    })
    .returning();
  if (!row) throw new Error('approval not stored');
  return toApproval(row);
}

/** Pending requests past their time become `expired` (on every read, so no job is needed). */
export async function expireApprovals(db: DbOrTx, now: Date): Promise<void> {
  await db
    .update(approvals)
    .set({ status: 'expired', decidedAt: now, outcome: 'expired before a second operator approved it' })
    .where(and(eq(approvals.status, 'pending'), lt(approvals.expiresAt, now)));
}

export async function listApprovals(db: DbOrTx, status: ApprovalStatus | undefined, now: Date) {
  await expireApprovals(db, now);
  const rows = await db
    .select()
    .from(approvals)
    .where(status ? eq(approvals.status, status) : undefined)
    .orderBy(desc(approvals.id))
    .limit(200);
  return rows.map(toApproval);
}

export async function pendingApprovalCount(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(approvals)
    .where(and(eq(approvals.status, 'pending'), sql`${approvals.expiresAt} >= ${now}`));
  return Number(row?.n ?? 0);
}

/** The request, locked for its decision (FOR UPDATE: two approvers at once decide it once). */
export async function lockApproval(db: DbOrTx, id: number): Promise<ApprovalRow | null> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).for('update');
  return row ?? null;
}

/**
 * Records a request's decision. `fromPending` closes it only while still pending (a failed run's
 * record must not overwrite another operator's approval that came in between): null if it was not.
 */
export async function closeApproval(
  db: DbOrTx,
  id: number,
  change: { status: Exclude<ApprovalStatus, 'pending'>; decidedBy: string; now: Date; outcome: string },
  fromPending = false,
): Promise<Approval | null> {
  const [row] = await db
    .update(approvals)
    .set({
      status: change.status,
      decidedBy: change.decidedBy,
      decidedAt: change.now,
      outcome: change.outcome.slice(0, 2000),
    })
    .where(fromPending ? and(eq(approvals.id, id), eq(approvals.status, 'pending')) : eq(approvals.id, id))
    .returning();
  if (!row) {
    if (fromPending) return null;
    throw new Error(`approval ${id} vanished`);
  }
  return toApproval(row);
}
