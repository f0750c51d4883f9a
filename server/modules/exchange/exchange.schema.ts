import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, enabledFlag, money, serialId, sortOrder, userWallet } from '../../db/columns.ts';

/** The coin an exchange takes and the coin it gives: one direction of a pair. */
const direction = () => ({
  from: text('from_coin').notNull(),
  to: text('to_coin').notNull(),
});

/** The price a quote fixes (spread included) and the base and quote coins of the market it is a price in. */
const quotedPrice = () => ({
  price: money('price').notNull(),
  baseCoin: text('base_coin').notNull(),
  quoteCoin: text('quote_coin').notNull(),
});

/** Flash exchange pairs, one row per direction (operator configuration: `config pair`). */
export const exchangePairs = pgTable(
  'exchange_pairs',
  {
    ...direction(),
    /** The market instrument that prices the pair, e.g. BTCUSDT for USDT -> BTC and BTC -> USDT. */
    market: text('market').notNull(),
    /** Percent of the mid price, moved against the user. */
    spreadPercent: money('spread_percent').notNull(),
    /** Percent of the received amount. */
    feePercent: money('fee_percent').notNull(),
    /** Limits of one exchange in `from` units. */
    min: money('min').notNull(),
    max: money('max').notNull(),
    sort: sortOrder(),
    enabled: enabledFlag(),
  },
  (t) => [primaryKey({ columns: [t.from, t.to] })],
);

/**
 * Quotes given by 10030: the price of a pair, valid until `expiresAt`, used at most once. Kept in
 * the database so that any server process can honour a quote another one gave.
 */
export const exchangeQuotes = pgTable(
  'exchange_quotes',
  {
    id: uuid('id').primaryKey(),
    ...direction(),
    /** What 10031 executes at: the price (spread included), its coins, and the fee. */
    ...quotedPrice(),
    feePercent: money('fee_percent').notNull(),
    /** The wallet that asked, when signed in: only it may use the quote. */
    wallet: text('wallet'),
    issuedAt: at('issued_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('exchange_quotes_expires').on(t.expiresAt)],
);

/** Executed exchanges: the records of 10034. The money moved in journal entry `entryId`. */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serialId(),
    user: userWallet(),
    ...direction(),
    amount: money('amount').notNull(),
    ...quotedPrice(),
    gross: money('gross').notNull(),
    fee: money('fee').notNull(),
    receive: money('receive').notNull(),
    quoteId: uuid('quote_id').notNull().unique(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('exchanges_user').on(t.user)],
);
