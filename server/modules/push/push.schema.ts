import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../../protocol/languages.ts';

/** One row per push endpoint (a browser profile on a device); tied to the user who saved it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The signed-in wallet (lower case) when it was saved, else null. */
    user: text('user'),
    /** The language the client had when it subscribed; pushes are written in it. */
    lang: text('lang', { enum: LANGUAGES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user').on(t.user)],
);
