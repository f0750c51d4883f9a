import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../../protocol/languages.ts';
import { at, createdAt, serialId, updatedAt } from '../../db/columns.ts';

/** One row per push endpoint (a browser profile on a device); tied to the user who saved it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serialId(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The signed-in wallet (lower case) when it was saved, else null. */
    user: text('user'),
    /** The language the client had when it subscribed; pushes are written in it. */
    lang: text('lang', { enum: LANGUAGES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscriptions_user').on(t.user)],
);

/**
 * Pushes queued in the transaction of the change they announce (an address saved to the withdrawal
 * address book, a coin the withdraw sender paused), delivered after commit by the outbox job: a
 * change that rolls back never announces itself, and one that commits is announced even if the
 * process dies right after. Title and body are translation keys, written in each subscription's
 * language when delivered.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serialId(),
    /** The wallet (lower case) whose subscriptions receive it. */
    user: text('user').notNull(),
    kind: text('kind', { enum: ['account', 'operator'] }).notNull(),
    titleKey: text('title_key').notNull(),
    bodyKey: text('body_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    /** Same-origin path a tap opens. */
    url: text('url').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    /** Set once delivered to every subscription of the user (or the user has none). */
    sentAt: at('sent_at'),
  },
  (t) => [index('push_outbox_pending').on(t.id).where(sql`${t.sentAt} is null`)],
);
