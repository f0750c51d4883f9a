import { sql } from 'drizzle-orm';
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
 * How far a position's price may move against it before its loss reaches 79 % of its margin at
 * `stop_out_rate` (price distance = margin x 0.79 / (lots x contract size x rate)): below the
 * 80 % stop-out rule (STOP_OUT_PERCENT), so the search's rounding never hides a due position;
 * each one found is judged again by protocol/trading.ts's exact rule. Null while no rate is set.
 */
const STOP_OUT_DISTANCE = sql.raw(
  '(case when stop_out_rate > 0 then margin * 0.79 / (lots * contract_size * stop_out_rate) end)',
);

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
    /**
     * The highest USDT-per-quote rate at which `trigger_low`/`trigger_high` still hold the
     * position's stop-out level (the rate at its fill with STOP_OUT_RATE_SLACK on top); 0 until
     * one is set. Above it the trigger engine judges the position on every tick and sets it again.
     */
    stopOutRate: money('stop_out_rate').notNull().default('0'),
    /**
     * The price the active order waits for, on the side of the book it reads (`watch`): due when
     * that price falls to `trigger_low` or below, or rises to `trigger_high` or above. Derived by
     * the database from the columns it depends on, so no write can leave it stale; null once the
     * order is no longer active. The trigger engine finds due orders through these columns'
     * indexes instead of reading every active order (docs/trading.md, "Finding due orders").
     */
    watch: text('watch').generatedAlwaysAs(
      sql`case when status not in ('pending', 'open') then null when (side = 'sell') = (status = 'open') then 'ask' else 'bid' end`,
    ),
    triggerLow: money('trigger_low').generatedAlwaysAs(
      sql`case when status = 'open' and side = 'buy' then greatest(stop_loss, open_price - ${STOP_OUT_DISTANCE})
          when status = 'open' and side = 'sell' then take_profit
          when status = 'pending' and kind in ('buy_limit', 'sell_stop') then price end`,
    ),
    triggerHigh: money('trigger_high').generatedAlwaysAs(
      sql`case when status = 'open' and side = 'buy' then take_profit
          when status = 'open' and side = 'sell' then least(stop_loss, open_price + ${STOP_OUT_DISTANCE})
          when status = 'pending' and kind in ('buy_stop', 'sell_limit') then price end`,
    ),
  },
  (t) => [
    index('orders_user_status').on(t.user, t.status),
    // The engine's walk over the instruments with active orders (one probe per instrument).
    index('orders_active_pairs').on(t.symbol, t.quoteCurrency).where(sql`status in ('pending', 'open')`),
    index('orders_due_low').on(t.symbol, t.watch, t.triggerLow).where(sql`trigger_low is not null`),
    index('orders_due_high').on(t.symbol, t.watch, t.triggerHigh).where(sql`trigger_high is not null`),
    index('orders_stop_out_rate').on(t.symbol, t.quoteCurrency, t.stopOutRate).where(sql`status = 'open'`),
  ],
);
