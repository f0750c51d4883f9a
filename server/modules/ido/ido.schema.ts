import { bigint, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { IDO_PHASES } from '../../../protocol/ido.ts';
import { at, createdAt, money, rowRef, serialId, userWallet } from '../../db/columns.ts';
import { coins } from '../../ledger/coins.schema.ts';

/** Offerings (operator configuration, `admin ido create`); one per token. */
export const idoOfferings = pgTable(
  'ido_offerings',
  {
    id: serialId(),
    token: text('token')
      .notNull()
      .unique()
      .references(() => coins.symbol),
    name: text('name').notNull(),
    /** USDT per token. */
    price: money('price').notNull(),
    offering: money('offering').notNull(),
    shareSize: money('share_size').notNull(),
    minShares: integer('min_shares').notNull(),
    maxShares: integer('max_shares').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    releaseAt: at('release_at').notNull(),
    description: text('description').notNull(),
    phase: text('phase', { enum: IDO_PHASES }).notNull(),
    /** Set at the end: offering / subscribed capped at 1, percent. */
    winningRate: numeric('winning_rate', { precision: 10, scale: 2 }),
    /** Set at issue: tokens released to winners. */
    issued: money('issued'),
    /**
     * The allocation runs in chunks of subscriptions (server/jobs/chunk-rows.ts): the total
     * subscribed is fixed by the first chunk (no subscription is taken after it), and each chunk
     * moves the cursor to the last subscription it allocated, so a killed run goes on from there.
     */
    allocationTotal: money('allocation_total'),
    allocatedThrough: bigint('allocated_through', { mode: 'number' }).notNull().default(0),
    /** The same cursor for the release, chunk by chunk. */
    releasedThrough: bigint('released_through', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('ido_offerings_phase').on(t.phase)],
);

/** One user's subscription to one offering: shares add up; the allocation is written at the end. */
export const idoSubscriptions = pgTable(
  'ido_subscriptions',
  {
    id: serialId(),
    offeringId: rowRef('offering_id', () => idoOfferings.id),
    user: userWallet(),
    shares: integer('shares').notNull(),
    /** Tokens asked for: shares x share size. */
    asked: money('asked').notNull(),
    /** USDT frozen for it. */
    frozen: money('frozen').notNull(),
    won: money('won'),
    consumed: money('consumed'),
    refund: money('refund'),
    releasedAt: at('released_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ido_subscriptions_offering_user').on(t.offeringId, t.user),
    index('ido_subscriptions_user').on(t.user),
    // The chunks' keyset: the next subscriptions of one offering after a cursor.
    index('ido_subscriptions_offering_id').on(t.offeringId, t.id),
  ],
);
