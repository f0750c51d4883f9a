/**
 * The IDO's phases (docs/ido.md): coming soon -> ongoing (once the treasury holds the offering)
 * -> ended (every subscription allocated) -> issued (tokens released, the unsold rest returned).
 * Phases move only forward, each once, under the offering's row lock; the allocation and the
 * release go in chunks of subscriptions, a transaction each (server/jobs/chunk-rows.ts), so that
 * 100,000 subscribers never make one transaction and a killed run goes on from its cursor. Time
 * comes from the caller.
 */
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { allocate, exactCostDown, type IdoPhase, winningRateOf } from '../../../protocol/ido.ts';
import { compare, dec, fmt } from '../../../protocol/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { faultPoint } from '../../faults.ts';
import { jobChunkRows } from '../../jobs/chunk-rows.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { balanceOf, type Posting, post, systemAccount, transfer, userAccount } from '../../ledger/ledger.ts';
import { idoOfferings, idoSubscriptions } from './ido.schema.ts';

type OfferingRow = typeof idoOfferings.$inferSelect;

const QUOTE = 'USDT';
const num = (value: string) => fmt(dec(value));

/** Coming soon -> ongoing, if the treasury holds the whole offering; false when it stays. */
async function open(tx: Tx, o: OfferingRow): Promise<boolean> {
  const treasury = await balanceOf(tx, systemAccount('ido_treasury'), o.token);
  // The treasury of a token serves only its own offering (one offering per token).
  if (compare(treasury, num(o.offering)) < 0) return false;
  await tx.update(idoOfferings).set({ phase: 'ongoing' }).where(eq(idoOfferings.id, o.id));
  return true;
}

/** The next `rows` subscriptions of offering `o` after the cursor `after`, by id. */
function nextSubscriptions(tx: Tx, o: OfferingRow, after: number, rows: number) {
  return tx
    .select()
    .from(idoSubscriptions)
    .where(and(eq(idoSubscriptions.offeringId, o.id), gt(idoSubscriptions.id, after)))
    .orderBy(asc(idoSubscriptions.id))
    .limit(rows);
}

/**
 * Ongoing -> ended, one chunk of `rows` subscriptions per call (and transaction): each
 * subscription is allocated by one entry that takes the frozen USDT, pays the seller (exact price)
 * and the house (the rounding up), and returns the rest to the user. The first chunk fixes the
 * total subscribed, which every chunk allocates against; true once the last chunk is done.
 */
async function allocateChunk(tx: Tx, o: OfferingRow, rows: number): Promise<boolean> {
  const [coin] = await tx.select({ precision: coins.precision }).from(coins).where(eq(coins.symbol, o.token));
  if (!coin) throw new Error(`offering ${o.id} without its coin`);
  const total = o.allocationTotal === null ? await subscribedTotal(tx, o.id) : num(o.allocationTotal);
  const subs = await nextSubscriptions(tx, o, o.allocatedThrough, rows);
  const [price, offering] = [num(o.price), num(o.offering)];
  for (const r of subs) {
    const a = allocate(num(r.asked), num(r.frozen), total, offering, price, coin.precision);
    const seller = exactCostDown(a.won, price);
    const dust = fmt(dec(a.consumed).minus(dec(seller)));
    const postings: Posting[] = [];
    if (dec(a.consumed).greaterThan(0))
      postings.push(
        ...transfer(userAccount(r.user, 'frozen'), systemAccount('ido_revenue'), QUOTE, a.consumed),
      );
    if (dec(dust).greaterThan(0))
      postings.push(...transfer(systemAccount('ido_revenue'), systemAccount('house_dust'), QUOTE, dust));
    if (dec(a.refund).greaterThan(0))
      postings.push(...transfer(userAccount(r.user, 'frozen'), userAccount(r.user), QUOTE, a.refund));
    if (postings.length > 0) {
      await post(tx, {
        // With money returned, the user sees an "IDO return"; otherwise the frozen amount was spent.
        type: dec(a.refund).greaterThan(0) ? 'ido_return' : 'ido_subscription',
        idempotencyKey: `ido:sub:${r.id}:allocate`,
        reference: `ido:${o.id}`,
        postings,
      });
      faultPoint('ido.allocation');
    }
    await tx
      .update(idoSubscriptions)
      .set({ won: a.won, consumed: a.consumed, refund: a.refund })
      .where(eq(idoSubscriptions.id, r.id));
  }
  const done = subs.length < rows;
  await tx
    .update(idoOfferings)
    .set(
      done
        ? { phase: 'ended', winningRate: winningRateOf(offering, total), allocationTotal: total }
        : { allocationTotal: total, allocatedThrough: subs.at(-1)?.id ?? o.allocatedThrough },
    )
    .where(eq(idoOfferings.id, o.id));
  return done;
}

async function subscribedTotal(tx: Tx, offeringId: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${idoSubscriptions.asked}), 0)::text` })
    .from(idoSubscriptions)
    .where(eq(idoSubscriptions.offeringId, offeringId));
  return num(row?.total ?? '0');
}

/**
 * Ended -> issued, one chunk of `rows` subscriptions per call: tokens to the winners; after the
 * last chunk, the unsold rest back to the operator. True once the last chunk is done.
 */
async function issueChunk(tx: Tx, o: OfferingRow, at: Date, rows: number): Promise<boolean> {
  const subs = await nextSubscriptions(tx, o, o.releasedThrough, rows);
  for (const r of subs) {
    const won = num(r.won ?? '0');
    if (dec(won).greaterThan(0)) {
      await post(tx, {
        type: 'ido_release',
        idempotencyKey: `ido:sub:${r.id}:release`,
        reference: `ido:${o.id}`,
        postings: transfer(systemAccount('ido_treasury'), userAccount(r.user), o.token, won),
      });
    }
    await tx.update(idoSubscriptions).set({ releasedAt: at }).where(eq(idoSubscriptions.id, r.id));
  }
  if (subs.length === rows) {
    await tx
      .update(idoOfferings)
      .set({ releasedThrough: subs.at(-1)?.id ?? o.releasedThrough })
      .where(eq(idoOfferings.id, o.id));
    return false;
  }
  const [sum] = await tx
    .select({ released: sql<string>`coalesce(sum(${idoSubscriptions.won}), 0)::text` })
    .from(idoSubscriptions)
    .where(eq(idoSubscriptions.offeringId, o.id));
  const released = num(sum?.released ?? '0');
  const unsold = fmt(dec(o.offering).minus(dec(released)));
  if (dec(unsold).greaterThan(0)) {
    await post(tx, {
      type: 'pool_funding',
      idempotencyKey: `ido:${o.id}:unsold`,
      reference: `ido:${o.id}`,
      memo: 'unsold IDO tokens back to the operator',
      postings: transfer(systemAccount('ido_treasury'), systemAccount('operator_funding'), o.token, unsold),
    });
  }
  await tx.update(idoOfferings).set({ phase: 'issued', issued: released }).where(eq(idoOfferings.id, o.id));
  return true;
}

/** What one transaction of an offering did: the phase it entered, a chunk within a phase, nothing. */
export type Step = IdoPhase | 'chunk' | null;

/**
 * One transaction of one offering: the phase it enters at `at`, 'chunk' for a chunk of `rows`
 * subscriptions within the allocation or the release, or null when nothing is due. Made only from
 * the phase and cursor it reads under the offering's row lock, so that a step run twice, or by two
 * processes, changes nothing twice.
 */
export async function stepOffering(db: Db, id: number, at: Date, rows = jobChunkRows()): Promise<Step> {
  return retryOnConflict(() =>
    db.transaction(async (tx): Promise<Step> => {
      const [o] = await tx.select().from(idoOfferings).where(eq(idoOfferings.id, id)).for('update');
      if (!o) return null;
      const t = at.getTime();
      if (o.phase === 'coming_soon' && t >= o.startAt.getTime())
        return (await open(tx, o)) ? 'ongoing' : null;
      if (o.phase === 'ongoing' && t >= o.endAt.getTime())
        return (await allocateChunk(tx, o, rows)) ? 'ended' : 'chunk';
      if (o.phase === 'ended' && t >= o.releaseAt.getTime())
        return (await issueChunk(tx, o, at, rows)) ? 'issued' : 'chunk';
      return null;
    }),
  );
}

/** Moves one offering as far as `at` allows, step by step; returns the phases it entered. */
export async function advanceOffering(
  db: Db,
  id: number,
  at: Date,
  rows = jobChunkRows(),
): Promise<IdoPhase[]> {
  const entered: IdoPhase[] = [];
  for (;;) {
    const step = await stepOffering(db, id, at, rows);
    if (step === null) return entered;
    if (step !== 'chunk') entered.push(step);
  }
}

export interface PhaseRun {
  /** Offering id and the phases it entered. */
  changes: { id: number; phases: IdoPhase[] }[];
  /** Offerings due to open whose treasury does not hold the offering. */
  unfunded: number[];
}

/** Moves every offering not yet issued as far as `at` allows. */
export async function advancePhases(db: Db, at: Date, rows = jobChunkRows()): Promise<PhaseRun> {
  const due = await db
    .select({ id: idoOfferings.id, phase: idoOfferings.phase, startAt: idoOfferings.startAt })
    .from(idoOfferings)
    .where(ne(idoOfferings.phase, 'issued'))
    .orderBy(asc(idoOfferings.id));
  const run: PhaseRun = { changes: [], unfunded: [] };
  for (const o of due) {
    const phases = await advanceOffering(db, o.id, at, rows);
    if (phases.length > 0) run.changes.push({ id: o.id, phases });
    else if (o.phase === 'coming_soon' && at.getTime() >= o.startAt.getTime()) run.unfunded.push(o.id);
  }
  return run;
}
