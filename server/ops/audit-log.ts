/**
 * The audit log as the console searches it (docs/operations.md): by operator, action, user and
 * time, newest first, a page at a time by id (keyset: `before` the last id seen), and as CSV.
 */
import { and, desc, gte, ilike, lt, lte, type SQL, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditRow } from '../../protocol/ops.ts';
import { adminAudit } from '../admin/audit.schema.ts';
import type { DbOrTx } from '../db/client.ts';

export interface AuditFilter {
  operator?: string | undefined;
  action?: string | undefined;
  user?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before?: number | undefined;
}

export const AUDIT_CSV_MAX = 10_000;

/** `%`, `_` and `\` typed into a search box are searched for, not wildcards. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchAudit(
  db: DbOrTx,
  filter: AuditFilter,
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.operator) where.push(ilike(adminAudit.actor, literal(filter.operator)));
  if (filter.action) where.push(ilike(adminAudit.command, literal(filter.action)));
  if (filter.user) where.push(sql`${adminAudit.args}::text ilike ${literal(filter.user.toLowerCase())}`);
  if (filter.from !== undefined) where.push(gte(adminAudit.at, new Date(filter.from)));
  if (filter.to !== undefined) where.push(lte(adminAudit.at, new Date(filter.to)));
  if (filter.before !== undefined) where.push(lt(adminAudit.id, filter.before));
  const rows = await db
    .select()
    .from(adminAudit)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminAudit.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.getTime(),
    actor: r.actor,
    command: r.command,
    args: Array.isArray(r.args) ? (r.args as unknown[]).map(String) : [],
    reason: r.reason,
    outcome: r.outcome,
    detail: r.detail,
  }));
}

/** RFC 4180: every field quoted, quotes doubled; a leading = + - @ is defused for spreadsheets. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [['id', 'at', 'actor', 'command', 'args', 'reason', 'outcome', 'detail'].map(cell).join(',')];
  for (const r of rows) {
    lines.push(
      [
        String(r.id),
        new Date(r.at).toISOString(),
        r.actor,
        r.command,
        r.args.join(' '),
        r.reason ?? '',
        r.outcome,
        r.detail ?? '',
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
