/**
 * Exactly-once execution of mutating calls. The key row is inserted in the same transaction as
 * the call's own writes, so either both commit or neither does: a call that failed leaves no key
 * and may be retried; a call that succeeded answers every retry with its first result. On
 * PostgreSQL a concurrent retry waits on the key's primary key until the first commits.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Db, Tx } from '../../db/client.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { idempotencyKeys } from './idempotency.schema.ts';

export interface IdempotencyKey {
  scope: string;
  requestId: string;
  code: string;
  /** Hash of the call's content, so a reused requestId with a different body is refused. */
  fingerprint: string;
}

export interface IdempotentResult<T> {
  data: T;
  replayed: boolean;
}

/** A stable hash of a form body, without its requestId, in key order. */
export function fingerprintOf(code: string, body: Record<string, unknown>): string {
  const entries = Object.entries(body)
    .filter(([k]) => k !== 'requestId')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([code, entries]))
    .digest('hex');
}

const PENDING = { pending: true };

export async function runIdempotent<T>(
  db: Db,
  key: IdempotencyKey,
  work: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ ...key, response: PENDING })
        .onConflictDoNothing()
        .returning({ requestId: idempotencyKeys.requestId });
      if (inserted.length === 0) {
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.requestId, key.requestId)));
        if (!stored || stored.code !== key.code || stored.fingerprint !== key.fingerprint) {
          throw new DomainError('request_id_reused');
        }
        return { data: (stored.response as { data: T }).data, replayed: true };
      }
      const data = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ response: { data: data ?? null } })
        .where(and(eq(idempotencyKeys.scope, key.scope), eq(idempotencyKeys.requestId, key.requestId)));
      return { data, replayed: false };
    }),
  );
}
