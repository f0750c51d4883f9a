import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../../protocol/languages.ts';
import { createdAt, serialId, updatedAt } from '../../db/columns.ts';

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
