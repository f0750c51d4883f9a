import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { HOLDING_STATUSES, MINING_ALGORITHMS, OUTPUT_SOURCES } from '../../../protocol/mining.ts';
import {
  at,
  createdAt,
  enabledFlag,
  money,
  percent,
  rowRef,
  serialId,
  sortOrder,
  updatedAt,
  userWallet,
} from '../../db/columns.ts';
import { coinRef, coins } from '../../ledger/coins.schema.ts';

/** Machine products (operator configuration, `admin config machine`). */
export const miningProducts = pgTable(
  'mining_products',
  {
    id: serialId(),
    /** The operator's key, e.g. `S21`. */
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    algorithm: text('algorithm', { enum: MINING_ALGORITHMS }).notNull(),
    coin: coinRef('coin'),
    /** TH/s. */
    hashrate: numeric('hashrate', { precision: 24, scale: 6 }).notNull(),
    /** Watts. */
    power: numeric('power', { precision: 12, scale: 2 }).notNull(),
    size: text('size').notNull(),
    /** Kilograms. */
    weight: numeric('weight', { precision: 10, scale: 2 }).notNull(),
    chip: text('chip').notNull(),
    environment: text('environment').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    /** USDT per unit (or per share of a joint-operated machine). */
    rent: money('rent').notNull(),
    serviceFee: money('service_fee').notNull(),
    minPurchase: integer('min_purchase').notNull(),
    /** Units in stock, or the shares a joint-operated machine is split into. */
    shares: integer('shares').notNull(),
    joint: boolean('joint').notNull().default(false),
    /** Percent. */
    boost: percent('boost').notNull().default('0'),
    startAt: at('start_at').notNull(),
    enabled: enabledFlag(),
    sort: sortOrder(),
    updatedAt: updatedAt(),
  },
  (t) => [check('mining_products_positive', sql`${t.shares} > 0 and ${t.minPurchase} > 0`)],
);

/** The demo output oracle's figure per coin: output of 1 TH/s for one day. */
export const miningYields = pgTable('mining_yields', {
  coin: text('coin')
    .primaryKey()
    .references(() => coins.symbol),
  perTh: money('per_th').notNull(),
  updatedAt: updatedAt(),
});

/** Output the operator declared for a product and day, per unit (a whole machine). */
export const miningOutputs = pgTable(
  'mining_outputs',
  {
    productId: rowRef('product_id', () => miningProducts.id),
    day: date('day', { mode: 'string' }).notNull(),
    perUnit: money('per_unit').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

/**
 * A rental or a joint-venture holding. The product's terms are copied at purchase, so a later
 * change of the product never changes what was sold. `reserved` is the daily estimate x cycle
 * days, fixed at purchase: a day nobody declared pays `reserved / cycleDays` (mining.terms.ts).
 * `reserveLeft` is what is left in the reserve for the holding (the estimate, plus what declared
 * output above it reserved): the sum over active holdings equals the `mining_reserved` balance
 * per coin.
 */
export const miningHoldings = pgTable(
  'mining_holdings',
  {
    id: serialId(),
    user: userWallet(),
    productId: rowRef('product_id', () => miningProducts.id),
    coin: text('coin').notNull(),
    joint: boolean('joint').notNull(),
    units: integer('units').notNull(),
    of: integer('of').notNull(),
    hashrate: money('hashrate').notNull(),
    boost: percent('boost').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    paid: money('paid').notNull(),
    serviceFee: money('service_fee').notNull(),
    reserved: money('reserved').notNull(),
    reserveLeft: money('reserve_left').notNull(),
    earned: money('earned').notNull().default('0'),
    daysPaid: integer('days_paid').notNull().default(0),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    status: text('status', { enum: HOLDING_STATUSES }).notNull(),
    createdAt: at('created_at').notNull(),
    expiredAt: at('expired_at'),
  },
  (t) => [
    index('mining_holdings_user').on(t.user),
    index('mining_holdings_active').on(t.status, t.firstDay),
    index('mining_holdings_product_status').on(t.productId, t.status),
  ],
);

/** One settled day of one holding: written once, with the journal entry that paid it. */
export const miningIncome = pgTable(
  'mining_income',
  {
    id: serialId(),
    holdingId: rowRef('holding_id', () => miningHoldings.id),
    user: userWallet(),
    coin: text('coin').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    source: text('source', { enum: OUTPUT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('mining_income_holding_day').on(t.holdingId, t.day), index('mining_income_user').on(t.user)],
);
