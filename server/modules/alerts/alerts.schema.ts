import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ALERT_DIRECTIONS } from '../../../protocol/alerts.ts';
import { at, createdAt, money, serialId } from '../../db/columns.ts';

/**
 * Price alerts (docs/alerts.md). `active` until the price reaches the level, then `fired` once
 * (the update that fires it is conditional on `active`); `notified_at` is set when the push to the
 * owner's subscriptions has been handed over, so a process that dies between firing and pushing
 * leaves it for the next run.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serialId(),
    owner: text('owner').notNull(),
    symbol: text('symbol').notNull(),
    direction: text('direction', { enum: ALERT_DIRECTIONS }).notNull(),
    price: money('price').notNull(),
    status: text('status', { enum: ['active', 'fired'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    firedAt: at('fired_at'),
    firedPrice: money('fired_price'),
    notifiedAt: at('notified_at'),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
  },
  (t) => [
    index('price_alerts_owner').on(t.owner, t.id),
    // The per-second check reads only the active ones, by symbol.
    index('price_alerts_active').on(t.symbol).where(sql`${t.status} = 'active'`),
    index('price_alerts_unnotified').on(t.id).where(sql`${t.status} = 'fired' and ${t.notifiedAt} is null`),
    check('price_alerts_price_positive', sql`${t.price} > 0`),
  ],
);
