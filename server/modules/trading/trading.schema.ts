import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { CLOSE_REASONS, ORDER_KINDS, ORDER_STATUSES, SIDES } from '../../../protocol/trading.ts';
import { at, enabledFlag, money, serialId, updatedAt, userWallet } from '../../db/columns.ts';
import { instrumentKey } from '../markets/index.ts';

/** How an instrument trades (operator configuration, `admin config trading`). */
export const tradingRules = pgTable('trading_rules', {
  symbol: instrumentKey(),
  contractSize: money('contract_size').notNull(),
  lotStep: money('lot_step').notNull(),
  minLots: money('min_lots').notNull(),
  maxLots: money('max_lots').notNull(),
  leverage: integer('leverage').notNull(),
  commissionPerLot: money('commission_per_lot').notNull(),
  quoteCurrency: text('quote_currency').notNull(),
  enabled: enabledFlag(),
  updatedAt: updatedAt(),
});

/**
 * An order and, once filled, its position. The rules (contract size, leverage, quote currency)
 * are copied when it is placed, so a later change never changes an order already made.
 */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    user: userWallet(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: SIDES }).notNull(),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    lots: money('lots').notNull(),
    price: money('price'),
    stopLoss: money('stop_loss'),
    takeProfit: money('take_profit'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    contractSize: money('contract_size').notNull(),
    leverage: integer('leverage').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    margin: money('margin').notNull(),
    commission: money('commission').notNull(),
    openPrice: money('open_price'),
    closePrice: money('close_price'),
    profit: money('profit'),
    closeReason: text('close_reason', { enum: CLOSE_REASONS }),
    createdAt: at('created_at').notNull(),
    filledAt: at('filled_at'),
    closedAt: at('closed_at'),
    /**
     * How many times a pending order's margin was re-priced (its price moved, 10074): each
     * re-pricing is one journal entry keyed by it, `order:<id>:margin:<revision>`.
     */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [index('orders_user_status').on(t.user, t.status), index('orders_active').on(t.status, t.symbol)],
);
