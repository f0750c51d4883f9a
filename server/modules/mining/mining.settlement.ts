/**
 * Mining's daily settlement (docs/mining.md): each settled day pays the day's output (declared by
 * the operator, or the estimate the purchase reserved) from the reserve, which declarations above
 * the estimate top up (mining.terms.ts); the last day releases what is left of the reserve to the
 * pool. Time comes from the caller: no function here reads the clock.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import {
  addDays,
  type HoldingStatus,
  holdingOutput,
  isPositive,
  type OutputSource,
  parseDay,
} from '../../../protocol/mining.ts';
import { dec, fmt, minOf } from '../../../protocol/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { faultPoint } from '../../faults.ts';
import { type Posting, post, systemAccount, transfer, userAccount } from '../../ledger/ledger.ts';
import { num, precisionOf } from './mining.catalogue.ts';
import { miningHoldings, miningIncome } from './mining.schema.ts';
import { dailyEstimateOf, declaredOutputs } from './mining.terms.ts';

/**
 * Settles the next unpaid day of one holding if that day is on or before `through`; false when
 * there was nothing to do. The holding row is locked and its day counter moves in the same
 * transaction as the journal entry (keyed by holding and day), so no run pays a day twice.
 */
export async function settleNextDay(tx: Tx, holdingId: number, through: string): Promise<boolean> {
  const [h] = await tx.select().from(miningHoldings).where(eq(miningHoldings.id, holdingId)).for('update');
  if (h?.status !== 'active') return false;
  const day = addDays(h.firstDay, h.daysPaid);
  if (day > through) return false;
  const precision = await precisionOf(tx, h.coin);
  // The machine's real output where the operator declared it; otherwise the estimate this
  // holding's purchase reserved, never the oracle's figure of today (mining.terms.ts).
  const declared = (await declaredOutputs(tx, h.productId, day, day)).get(day);
  const source: OutputSource = declared === undefined ? 'demo' : 'declared';
  const amount =
    declared === undefined ? dailyEstimateOf(h) : holdingOutput(declared, h.units, h.of, precision);
  const reserveLeft = num(h.reserveLeft);
  const fromReserve = minOf(amount, reserveLeft);
  const fromPool = fmt(dec(amount).minus(dec(fromReserve)));
  const last = h.daysPaid + 1 === h.cycleDays;
  const release = last ? fmt(dec(reserveLeft).minus(dec(fromReserve))) : '0';

  // Declarations reserve what they add (mining.terms.ts), so the pool pays here only for a holding
  // bought before they did; what exceeds the reserve passes through it, one credit a day.
  const postings: Posting[] = [];
  if (isPositive(fromPool))
    postings.push(
      ...transfer(systemAccount('mining_output_pool'), systemAccount('mining_reserved'), h.coin, fromPool),
    );
  if (isPositive(amount))
    postings.push(...transfer(systemAccount('mining_reserved'), userAccount(h.user), h.coin, amount));
  if (isPositive(release))
    postings.push(
      ...transfer(systemAccount('mining_reserved'), systemAccount('mining_output_pool'), h.coin, release),
    );
  if (postings.length > 0) {
    await post(tx, {
      type: 'mining_earnings',
      idempotencyKey: `mining:${h.id}:day:${day}`,
      reference: `mining:${h.id}`,
      memo: day,
      postings,
    });
    faultPoint('mining.settlement');
  }
  await tx.insert(miningIncome).values({
    holdingId: h.id,
    user: h.user,
    coin: h.coin,
    day,
    amount,
    source,
  });
  const updated = await tx
    .update(miningHoldings)
    .set({
      daysPaid: h.daysPaid + 1,
      earned: fmt(dec(h.earned).plus(dec(amount))),
      reserveLeft: fmt(dec(reserveLeft).minus(dec(fromReserve)).minus(dec(release))),
      ...(last
        ? { status: 'expired' as HoldingStatus, expiredAt: new Date((parseDay(day) as number) + 86_400_000) }
        : {}),
    })
    .where(and(eq(miningHoldings.id, h.id), eq(miningHoldings.daysPaid, h.daysPaid)))
    .returning({ id: miningHoldings.id });
  if (updated.length !== 1) throw new Error(`holding ${h.id} changed under its lock`);
  return true;
}

export interface SettlementRun {
  /** Holding-days paid. */
  days: number;
  /** Holdings that could not be paid (e.g. declared output above what the pool holds). */
  failed: number;
}

const BATCH = 200;

/**
 * Pays every active holding's unpaid days up to and including `through` (a UTC date), each day in
 * a transaction of its own. Safe to run again or alongside another run.
 */
export async function settleThrough(
  db: Db,
  through: string,
  onFailure: (holdingId: number, error: unknown) => void = () => {},
): Promise<SettlementRun> {
  const run: SettlementRun = { days: 0, failed: 0 };
  let after = 0;
  for (;;) {
    const due = await db
      .select({ id: miningHoldings.id })
      .from(miningHoldings)
      .where(
        and(
          eq(miningHoldings.status, 'active'),
          lte(sql`${miningHoldings.firstDay} + ${miningHoldings.daysPaid}`, sql`${through}::date`),
          gt(miningHoldings.id, after),
        ),
      )
      .orderBy(asc(miningHoldings.id))
      .limit(BATCH);
    for (const { id } of due) {
      try {
        while (await retryOnConflict(() => db.transaction((tx) => settleNextDay(tx, id, through))))
          run.days += 1;
      } catch (error) {
        // One holding the pool cannot pay today does not stop the others; it is tried next run.
        run.failed += 1;
        onFailure(id, error);
      }
      after = id;
    }
    if (due.length < BATCH) return run;
  }
}
