import { bigserial, boolean, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CLOSE_REASONS, ORDER_KINDS, ORDER_STATUSES, SIDES } from '../../../protocol/trading.ts';
import { instruments } from '../markets/index.ts';

/** How an instrument trades (operator configuration, `admin config trading`). */
export const tradingRules = pgTable('trading_rules', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => instruments.symbol),
  contractSize: numeric('contract_size', { precision: 38, scale: 18 }).notNull(),
  lotStep: numeric('lot_step', { precision: 38, scale: 18 }).notNull(),
  minLots: numeric('min_lots', { precision: 38, scale: 18 }).notNull(),
  maxLots: numeric('max_lots', { precision: 38, scale: 18 }).notNull(),
  leverage: integer('leverage').notNull(),
  commissionPerLot: numeric('commission_per_lot', { precision: 38, scale: 18 }).notNull(),
  quoteCurrency: text('quote_currency').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order and, once filled, its position. The rules (contract size, leverage, quote currency)
 * are copied when it is placed, so a later change never changes an order already made.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user: text('user').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: SIDES }).notNull(),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    lots: numeric('lots', { precision: 38, scale: 18 }).notNull(),
    price: numeric('price', { precision: 38, scale: 18 }),
    stopLoss: numeric('stop_loss', { precision: 38, scale: 18 }),
    takeProfit: numeric('take_profit', { precision: 38, scale: 18 }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    contractSize: numeric('contract_size', { precision: 38, scale: 18 }).notNull(),
    leverage: integer('leverage').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    margin: numeric('margin', { precision: 38, scale: 18 }).notNull(),
    commission: numeric('commission', { precision: 38, scale: 18 }).notNull(),
    openPrice: numeric('open_price', { precision: 38, scale: 18 }),
    closePrice: numeric('close_price', { precision: 38, scale: 18 }),
    profit: numeric('profit', { precision: 38, scale: 18 }),
    closeReason: text('close_reason', { enum: CLOSE_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * How many times a pending order's margin was re-priced (its price moved, 10074): each
     * re-pricing is one journal entry keyed by it, `order:<id>:margin:<revision>`.
     */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [index('orders_user_status').on(t.user, t.status), index('orders_active').on(t.status, t.symbol)],
);
