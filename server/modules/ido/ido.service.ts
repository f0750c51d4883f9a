/**
 * The IDO launchpad (docs/spec/design.md sections 5 and 6; docs/ido.md). A subscription freezes USDT; at the
 * end each subscription is allocated (PancakeSwap IFO v2's overflow sale) in one entry that pays
 * for the tokens won and returns the rest; at the release time the tokens move from the treasury
 * the operator funded to the winners, and what was not sold goes back to the operator. The phases
 * themselves move in ido.phases.ts. Time comes from the caller.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import {
  costOf,
  type IdoOffering,
  type IdoPhase,
  type IdoPosition,
  personalRateOf,
  type SubscribeRequest,
  tokensFor,
} from '../../../protocol/ido.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readPage } from '../../db/paging.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { freeze, post } from '../../ledger/ledger.ts';
import { idoOfferings, idoSubscriptions } from './ido.schema.ts';

type OfferingRow = typeof idoOfferings.$inferSelect;
type SubscriptionRow = typeof idoSubscriptions.$inferSelect;

const QUOTE = 'USDT';
const num = (value: string) => fmt(dec(value));
const add = (a: string, b: string) => fmt(dec(a).plus(dec(b)));

interface Totals {
  subscribed: string;
  participants: number;
}

async function totalsOf(db: DbOrTx, ids: number[]): Promise<Map<number, Totals>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      offeringId: idoSubscriptions.offeringId,
      asked: sql<string>`sum(${idoSubscriptions.asked})::text`,
      people: count(),
    })
    .from(idoSubscriptions)
    .where(inArray(idoSubscriptions.offeringId, ids))
    .groupBy(idoSubscriptions.offeringId);
  return new Map(rows.map((r) => [r.offeringId, { subscribed: num(r.asked), participants: r.people }]));
}

function offeringView(o: OfferingRow, precision: number, totals: Totals | undefined): IdoOffering {
  const [price, shareSize] = [num(o.price), num(o.shareSize)];
  return {
    id: o.id,
    token: o.token,
    name: o.name,
    precision,
    price,
    offering: num(o.offering),
    shareSize,
    sharePrice: costOf(shareSize, price),
    minShares: o.minShares,
    maxShares: o.maxShares,
    startTime: o.startAt.getTime(),
    endTime: o.endAt.getTime(),
    releaseTime: o.releaseAt.getTime(),
    description: o.description,
    phase: o.phase,
    subscribed: totals?.subscribed ?? '0',
    participants: totals?.participants ?? 0,
    winningRate: o.winningRate === null ? null : num(o.winningRate),
    issued: o.issued === null ? null : num(o.issued),
  };
}

const offeringColumns = { o: idoOfferings, precision: coins.precision };

/** 10060: offerings in a phase (all without one), the next to change first. */
export async function listOfferings(
  db: DbOrTx,
  filter: { phase?: IdoPhase | undefined; page: number; size: number },
): Promise<Page<IdoOffering>> {
  const where = filter.phase ? eq(idoOfferings.phase, filter.phase) : undefined;
  return readPage(filter, {
    count: () => db.select({ n: count() }).from(idoOfferings).where(where),
    rows: ({ limit, offset }) =>
      db
        .select(offeringColumns)
        .from(idoOfferings)
        .innerJoin(coins, eq(coins.symbol, idoOfferings.token))
        .where(where)
        .orderBy(
          filter.phase === 'ended' || filter.phase === 'issued'
            ? desc(idoOfferings.endAt)
            : asc(idoOfferings.startAt),
          asc(idoOfferings.id),
        )
        .limit(limit)
        .offset(offset),
    list: async (rows) => {
      const totals = await totalsOf(
        db,
        rows.map((r) => r.o.id),
      );
      return rows.map((r) => offeringView(r.o, r.precision, totals.get(r.o.id)));
    },
  });
}

/** 10062: one offering. */
export async function offeringDetails(db: DbOrTx, id: number): Promise<IdoOffering> {
  const [row] = await db
    .select(offeringColumns)
    .from(idoOfferings)
    .innerJoin(coins, eq(coins.symbol, idoOfferings.token))
    .where(eq(idoOfferings.id, id));
  if (!row) throw new DomainError('not_found');
  return offeringView(row.o, row.precision, (await totalsOf(db, [id])).get(id));
}

/**
 * 10063: adds whole shares to the user's subscription and freezes their price. Only while the
 * offering is ongoing (by phase and by clock); the user's shares stay within min and max.
 */
export async function subscribe(
  tx: Tx,
  wallet: string,
  input: SubscribeRequest,
  now: number,
): Promise<IdoPosition> {
  const user = wallet.toLowerCase();
  const [offering] = await tx
    .select()
    .from(idoOfferings)
    .where(eq(idoOfferings.id, input.offeringId))
    .for('update');
  if (!offering) throw new DomainError('not_found');
  // Once the allocation has begun (its total fixed), however its clock reads.
  if (
    offering.phase !== 'ongoing' ||
    offering.allocationTotal !== null ||
    now < offering.startAt.getTime() ||
    now >= offering.endAt.getTime()
  )
    throw new DomainError('not_open_yet');
  const [mine] = await tx
    .select()
    .from(idoSubscriptions)
    .where(and(eq(idoSubscriptions.offeringId, offering.id), eq(idoSubscriptions.user, user)));
  const before = mine?.shares ?? 0;
  const after = before + input.shares;
  if (after > offering.maxShares)
    throw new DomainError('ido_share_limit', { max: Math.max(0, offering.maxShares - before) });
  if (after < offering.minShares) throw new DomainError('ido_below_minimum', { num: offering.minShares });
  const asked = tokensFor(input.shares, num(offering.shareSize));
  const cost = costOf(asked, num(offering.price));
  const [row] = mine
    ? await tx
        .update(idoSubscriptions)
        .set({ shares: after, asked: add(mine.asked, asked), frozen: add(mine.frozen, cost) })
        .where(eq(idoSubscriptions.id, mine.id))
        .returning()
    : await tx
        .insert(idoSubscriptions)
        .values({ offeringId: offering.id, user, shares: after, asked, frozen: cost })
        .returning();
  if (!row) throw new Error('subscription not stored');
  // The total only grows, so it names this step of the subscription once and for all.
  await post(tx, {
    type: 'ido_subscription',
    idempotencyKey: `ido:sub:${row.id}:${after}`,
    reference: `ido:${offering.id}`,
    postings: freeze(user, QUOTE, cost),
  });
  return positionView(row, offering, now);
}

function positionView(r: SubscriptionRow, o: OfferingRow, now: number): IdoPosition {
  const ended = r.won !== null;
  const next = o.phase === 'issued' ? 0 : ended ? o.releaseAt.getTime() : o.endAt.getTime();
  return {
    offeringId: o.id,
    token: o.token,
    name: o.name,
    phase: o.phase,
    shares: r.shares,
    subscribedAmount: num(r.frozen),
    subscribedTokens: num(r.asked),
    won: r.won === null ? null : num(r.won),
    consumed: r.consumed === null ? null : num(r.consumed),
    frozen: ended ? '0' : num(r.frozen),
    refunded: r.refund === null ? null : num(r.refund),
    personalRate: r.won === null ? null : personalRateOf(num(r.won), num(r.asked)),
    releaseTime: o.releaseAt.getTime(),
    remainingMs: Math.max(0, next - now),
  };
}

/** 10064: the user's positions, newest offering first. */
export async function positions(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number },
  now: number,
): Promise<Page<IdoPosition>> {
  const where = eq(idoSubscriptions.user, wallet.toLowerCase());
  return readPage(filter, {
    count: () => db.select({ n: count() }).from(idoSubscriptions).where(where),
    rows: ({ limit, offset }) =>
      db
        .select({ r: idoSubscriptions, o: idoOfferings })
        .from(idoSubscriptions)
        .innerJoin(idoOfferings, eq(idoOfferings.id, idoSubscriptions.offeringId))
        .where(where)
        .orderBy(desc(idoOfferings.endAt), desc(idoSubscriptions.id))
        .limit(limit)
        .offset(offset),
    list: (rows) => rows.map(({ r, o }) => positionView(r, o, now)),
  });
}
