/**
 * The console's commands (docs/operations.md): the admin CLI's own commands, run by the same
 * runner (server/admin/runner.ts) with the operator's address as the actor and a required reason,
 * after the role check of protocol/ops.ts. Commands that move or promise money become requests
 * (server/admin/two-person.ts) that a second operator approves or refuses here.
 */
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { DomainError } from '../../protocol/domain-error.ts';
import {
  type Approval,
  type CommandAnswer,
  commandAllowed,
  type PreviewAnswer,
  type PreviewChange,
} from '../../protocol/ops.ts';
import { closeApproval, lockApproval, toApproval } from '../admin/approvals.ts';
import { adminAudit } from '../admin/audit.schema.ts';
import { approvals } from '../admin/operators.schema.ts';
import { ADMIN_COMMANDS } from '../admin/registry.ts';
import { findCommand, runAdminCommand } from '../admin/runner.ts';
import { rolledBack } from '../admin/two-person.ts';
import type { Database, Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { OperatorSession } from './session.ts';

/** Words only the CLI may give: who runs it, first set-up and output format are not the console's. */
const RESERVED = /^--(actor|first-setup|reason|json|help)(=|$)/;

export interface ConsoleDeps {
  database: Database;
  /** After a change committed (the server drops its configuration cache). */
  onChange: () => void;
}

/** The command `argv` names, if the operator's role may run it from the console. */
function allowedCommand(operator: OperatorSession, argv: readonly string[]) {
  if (argv.some((word) => RESERVED.test(word))) throw new DomainError('field_invalid', { field: 'argv' });
  const command = findCommand(
    ADMIN_COMMANDS,
    argv.filter((a) => !a.startsWith('-')),
  );
  if (!command || !commandAllowed(operator.role, command.name)) throw new DomainError('ops_role_forbidden');
  return command;
}

export async function runConsoleCommand(
  deps: ConsoleDeps,
  operator: OperatorSession,
  input: { argv: string[]; reason?: string | undefined },
): Promise<CommandAnswer> {
  const command = allowedCommand(operator, input.argv);
  if (command.mutating && !input.reason) throw new DomainError('ops_reason_required');
  const result = await runAdminCommand(
    { argv: input.reason ? [...input.argv, '--reason', input.reason] : input.argv, actor: operator.key },
    { database: deps.database, via: 'server', onChange: deps.onChange },
  );
  const pending = (result.json as { pending?: Approval } | null)?.pending;
  if (result.ok && pending) return { status: 'pending', approval: pending };
  return { status: 'done', ok: result.ok, text: result.text, json: result.json };
}

/** What the settings look like: the read-only lists the CLI prints, and the pools' balances. */
const SNAPSHOT = [
  ['config', 'show'],
  ['staking', 'plans'],
  ['exchange', 'pairs'],
  ['mining', 'machines'],
  ['ido', 'list'],
  ['operators', 'list'],
] as const;

type Flat = Map<string, unknown>;

/** A list's rows keyed by what names them, so a row added in front does not shift every other. */
function keyOf(row: unknown, index: number): string {
  if (row && typeof row === 'object') {
    const r = row as Record<string, unknown>;
    for (const k of ['id', 'symbol', 'code', 'address', 'name']) {
      if (typeof r[k] === 'string' || typeof r[k] === 'number') {
        const extra = typeof r.chain === 'string' ? `@${r.chain}` : '';
        return `${String(r[k])}${extra}`;
      }
    }
    if (typeof r.coin === 'string') return `${r.coin}${typeof r.chain === 'string' ? `@${r.chain}` : ''}`;
  }
  return String(index);
}

function flatten(value: unknown, path: string, into: Flat): Flat {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) flatten(v, `${path} / ${keyOf(v, i)}`, into);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path} / ${k}` : k, into);
  else into.set(path, value);
  return into;
}

export function diffSettings(before: unknown, after: unknown): PreviewChange[] {
  const a = flatten(before, '', new Map());
  const b = flatten(after, '', new Map());
  const changes: PreviewChange[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const was = a.has(path) ? a.get(path) : null;
    const now = b.has(path) ? b.get(path) : null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ path, before: was, after: now });
  }
  return changes.slice(0, 200);
}

/** The command run in a transaction that is rolled back: its answer and what it would change. */
export async function previewConsoleCommand(
  deps: ConsoleDeps,
  operator: OperatorSession,
  argv: string[],
): Promise<PreviewAnswer> {
  const command = allowedCommand(operator, argv);
  if (!command.mutating) throw new DomainError('field_invalid', { field: 'argv' });
  let answer: PreviewAnswer | null = null;
  await rolledBack(deps.database, async (tx) => {
    // The runner opens its own (nested) transaction on this one: a savepoint, rolled back with it.
    const scoped: Database = { ...deps.database, db: tx as unknown as Db };
    const snapshot = async () => {
      const pools = rowsOf(
        await tx.execute(
          sql`select bucket || ' ' || coin as id, balance::text from ledger_accounts where owner = 'system' and kind = 'pool' order by 1, 2`,
        ),
      );
      const parts: Record<string, unknown> = { pools };
      for (const words of SNAPSHOT) {
        const read = await runAdminCommand(
          { argv: [...words], actor: operator.key },
          { database: scoped, via: 'server' },
        );
        parts[words.join(' ')] = read.json;
      }
      return parts;
    };
    const before = await snapshot();
    const result = await runAdminCommand(
      { argv: [...argv, '--reason', 'preview'], actor: operator.key, preview: true },
      { database: scoped, via: 'server' },
    );
    const after = await snapshot();
    answer = { ok: result.ok, text: result.text, changes: result.ok ? diffSettings(before, after) : [] };
    return { text: '', json: null };
  });
  if (!answer) throw new Error('preview gave no answer');
  return answer;
}

async function openRequest(
  deps: ConsoleDeps,
  operator: OperatorSession,
  id: number,
  deciding: 'approve' | 'refuse',
) {
  const now = new Date();
  const row = await lockApproval(deps.database.db, id);
  if (!row) throw new DomainError('approval_not_found');
  if (row.status !== 'pending') throw new DomainError('approval_decided');
  if (row.expiresAt < now) {
    await closeApproval(deps.database.db, id, {
      status: 'expired',
      decidedBy: 'expiry',
      now,
      outcome: 'expired before a second operator approved it',
    });
    throw new DomainError('approval_expired');
  }
  // The requester may take a request back, never approve it.
  const own = row.requestedBy.toLowerCase() === operator.key;
  if (deciding === 'approve' && own) throw new DomainError('approval_own_request');
  if (!own && !commandAllowed(operator.role, row.command)) throw new DomainError('ops_role_forbidden');
  return row;
}

export async function approveRequest(
  deps: ConsoleDeps,
  operator: OperatorSession,
  id: number,
): Promise<Approval> {
  const row = await openRequest(deps, operator, id, 'approve');
  const now = new Date();
  const result = await runAdminCommand(
    {
      argv: [...row.argv, '--reason', row.reason],
      actor: operator.key,
      approval: {
        id,
        requestedBy: row.requestedBy,
        // In the command's transaction: two approvers at once, or an expiry meanwhile, run it once.
        claim: async (tx) => {
          const claimed = await tx
            .update(approvals)
            .set({ status: 'approved', decidedBy: operator.key, decidedAt: now })
            .where(
              and(
                eq(approvals.id, id),
                eq(approvals.status, 'pending'),
                gte(approvals.expiresAt, now),
                ne(approvals.requestedBy, operator.key),
              ),
            )
            .returning({ id: approvals.id });
          if (claimed.length === 0) throw new DomainError('approval_decided');
        },
      },
    },
    { database: deps.database, via: 'server', onChange: deps.onChange },
  );
  // Ran: the claim marked it approved in the command's transaction; its answer is the outcome.
  // Failed: the claim rolled back with the command, so it is still pending, unless another
  // operator's decision came first (then that one stands).
  const closed = await closeApproval(
    deps.database.db,
    id,
    { status: result.ok ? 'approved' : 'failed', decidedBy: operator.key, now, outcome: result.text },
    !result.ok,
  );
  if (!closed) throw new DomainError('approval_decided');
  return closed;
}

export async function refuseRequest(
  deps: ConsoleDeps,
  operator: OperatorSession,
  id: number,
  reason: string,
): Promise<Approval> {
  return deps.database.db.transaction(async (tx) => {
    const row = await openRequest(
      { ...deps, database: { ...deps.database, db: tx as unknown as Db } },
      operator,
      id,
      'refuse',
    );
    await tx.insert(adminAudit).values({
      actor: operator.key,
      command: 'approvals refuse',
      args: [String(id), row.command],
      reason,
      outcome: 'ok',
      detail: `refused request #${id}: ${row.argv.join(' ')}`,
    });
    // Pending under this transaction's lock (openRequest): closed here, or the refusal rolls back.
    const closed = await closeApproval(
      tx,
      id,
      { status: 'refused', decidedBy: operator.key, now: new Date(), outcome: reason },
      true,
    );
    if (!closed) throw new DomainError('approval_decided');
    return closed;
  });
}

export { toApproval };
