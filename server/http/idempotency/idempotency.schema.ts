import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The first result of every mutating call, keyed by who asked (`scope`: the wallet, or `public`
 * for calls without a session) and the client's `requestId`. A retry returns the stored answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    requestId: text('request_id').notNull(),
    code: text('code').notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.requestId] })],
);
