/**
 * Buying mining (10052) and what a user holds (10053, 10055). A purchase pays rent and service fee
 * and reserves the holding's estimated output for its whole cycle from the mining output pool, in
 * one journal entry; a machine whose pool cannot reserve that is sold out. Time comes from the
 * caller: no function here reads the clock.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { DomainError, isRefusal } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import {
  addDays,
  boostedHashrate,
  firstDayOf,
  HASHRATE_DECIMALS,
  type HoldingStatus,
  holdingOutput,
  isPositive,
  type MiningHolding,
  type MiningIncome,
  purchaseCost,
  reservedOutput,
  utcDay,
} from '../../../protocol/mining.ts';
import { add, fractionDown } from '../../../protocol/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { readPage } from '../../db/paging.ts';
import { balanceOf, type Posting, post, systemAccount, transfer, userAccount } from '../../ledger/ledger.ts';
import { QUOTE } from '../markets/index.ts';
import { payReferral } from '../referral/index.ts';
import {
  activeUnits,
  availabilityOf,
  type DayOutput,
  type HoldingRow,
  num,
  onSale,
  outputsFor,
  type ProductRow,
  precisionOf,
} from './mining.catalogue.ts';
import { miningHoldings, miningIncome, miningProducts } from './mining.schema.ts';
import { declaredOutputs, shortfallOf } from './mining.terms.ts';

function holdingView(h: HoldingRow, name: string, algorithm: ProductRow['algorithm'], latest?: LatestIncome) {
  return {
    id: h.id,
    productId: h.productId,
    name,
    algorithm,
    coin: h.coin,
    joint: h.joint,
    units: h.units,
    of: h.of,
    hashrate: fractionDown(boostedHashrate(num(h.hashrate), num(h.boost)), h.units, h.of, HASHRATE_DECIMALS),
    cycleDays: h.cycleDays,
    paid: num(h.paid),
    serviceFee: num(h.serviceFee),
    status: h.status,
    firstDay: h.firstDay,
    lastDay: addDays(h.firstDay, h.cycleDays - 1),
    daysPaid: h.daysPaid,
    daysLeft: h.cycleDays - h.daysPaid,
    earned: num(h.earned),
    latestOutput: latest ? num(latest.amount) : null,
    latestDay: latest?.day ?? null,
    createdAt: h.createdAt.getTime(),
  } satisfies MiningHolding;
}

interface LatestIncome {
  day: string;
  amount: string;
}

/**
 * 10052 / 10058: buys `units` of a machine (a rental by quantity, or shares of a joint-operated
 * one). The product row is locked, so purchases of one machine count against its stock one at a
 * time; the ledger refuses a pool that another coin's purchase emptied meanwhile.
 */
export async function buy(
  tx: Tx,
  wallet: string,
  input: { productId: number; units: number; joint: boolean },
  now: number,
): Promise<MiningHolding> {
  const user = wallet.toLowerCase();
  const [product] = await tx
    .select()
    .from(miningProducts)
    .where(and(eq(miningProducts.id, input.productId), onSale))
    .for('update');
  if (!product) throw new DomainError('not_found');
  if (product.joint && !input.joint) throw new DomainError('machine_joint_only');
  if (!product.joint && input.joint) throw new DomainError('machine_not_joint');
  if (input.units < product.minPurchase)
    throw new DomainError('purchase_below_minimum', { num: product.minPurchase });
  const precision = await precisionOf(tx, product.coin);
  const day = utcDay(now);
  const output = (await outputsFor(tx, [product], day)).get(product.id) as DayOutput;
  const held = (await activeUnits(tx, [product.id])).get(product.id) ?? 0;
  const pool = await balanceOf(tx, systemAccount('mining_output_pool'), product.coin);
  const { available, soldOut } = availabilityOf(product, output, held, pool, precision);
  if (soldOut) throw new DomainError('machine_sold_out', { name: product.name });
  if (input.units > available) throw new DomainError('purchase_above_available', { max: available });

  const of = product.joint ? product.shares : 1;
  const daily = holdingOutput(output.perUnit, input.units, of, precision);
  const reserved = reservedOutput(daily, product.cycleDays);
  const firstDay = firstDayOf(now, product.startAt.getTime());
  // Output already declared above the estimate for a day of the cycle is reserved with it.
  const declared = await declaredOutputs(tx, product.id, firstDay, addDays(firstDay, product.cycleDays - 1));
  const terms = { firstDay, daysPaid: 0, cycleDays: product.cycleDays, units: input.units, of, reserved };
  const reserveLeft = add(reserved, shortfallOf({ ...terms, reserveLeft: reserved }, declared, precision));
  const cost = purchaseCost(num(product.rent), num(product.serviceFee), input.units);
  const [row] = await tx
    .insert(miningHoldings)
    .values({
      user,
      productId: product.id,
      coin: product.coin,
      joint: product.joint,
      units: input.units,
      of,
      hashrate: num(product.hashrate),
      boost: num(product.boost),
      cycleDays: product.cycleDays,
      paid: cost.total,
      serviceFee: cost.fee,
      reserved,
      reserveLeft,
      firstDay,
      status: 'active',
      createdAt: new Date(now),
    })
    .returning();
  if (!row) throw new Error('holding not stored');
  // One debit of the user for rent and fee together (one finance record); the fee passes on to
  // fee revenue, the base of referral commissions.
  const postings: Posting[] = transfer(userAccount(user), systemAccount('mining_revenue'), QUOTE, cost.total);
  if (isPositive(cost.fee))
    postings.push(
      ...transfer(systemAccount('mining_revenue'), systemAccount('fee_revenue'), QUOTE, cost.fee),
    );
  postings.push(
    ...transfer(
      systemAccount('mining_output_pool'),
      systemAccount('mining_reserved'),
      product.coin,
      reserveLeft,
    ),
  );
  try {
    await post(tx, {
      type: 'mining_purchase',
      idempotencyKey: `mining:${row.id}:open`,
      reference: `mining:${row.id}`,
      memo: product.joint ? 'joint' : undefined,
      postings,
    });
    await payReferral(tx, { payer: user, coin: QUOTE, amount: cost.fee, source: `mining:${row.id}:open` });
  } catch (error) {
    if (isRefusal(error, 'pool_exhausted')) throw new DomainError('machine_sold_out', { name: product.name });
    if (isRefusal(error, 'insufficient_balance'))
      throw new DomainError('insufficient_balance', { coin: QUOTE });
    throw error;
  }
  return holdingView(row, product.name, product.algorithm);
}

/** 10053: the user's holdings, newest first, with the latest settled day of each. */
export async function myMachines(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number; status?: HoldingStatus | undefined },
): Promise<Page<MiningHolding>> {
  const where = and(
    eq(miningHoldings.user, wallet.toLowerCase()),
    filter.status ? eq(miningHoldings.status, filter.status) : undefined,
  );
  return readPage(filter, {
    count: () => db.select({ n: count() }).from(miningHoldings).where(where),
    rows: ({ limit, offset }) =>
      db
        .select({ h: miningHoldings, name: miningProducts.name, algorithm: miningProducts.algorithm })
        .from(miningHoldings)
        .innerJoin(miningProducts, eq(miningProducts.id, miningHoldings.productId))
        .where(where)
        .orderBy(desc(miningHoldings.id))
        .limit(limit)
        .offset(offset),
    list: async (rows) => {
      const latest = await latestIncomeOf(
        db,
        rows.map((r) => r.h.id),
      );
      return rows.map((r) => holdingView(r.h, r.name, r.algorithm, latest.get(r.h.id)));
    },
  });
}

/** The latest settled day of each holding: one query, whatever the number of holdings. */
async function latestIncomeOf(db: DbOrTx, ids: number[]): Promise<Map<number, LatestIncome>> {
  const latest = new Map<number, LatestIncome>();
  if (ids.length === 0) return latest;
  const last = await db
    .selectDistinctOn([miningIncome.holdingId], {
      holdingId: miningIncome.holdingId,
      day: miningIncome.day,
      amount: miningIncome.amount,
    })
    .from(miningIncome)
    .where(inArray(miningIncome.holdingId, ids))
    .orderBy(miningIncome.holdingId, desc(miningIncome.day));
  for (const l of last) latest.set(l.holdingId, { day: l.day, amount: l.amount });
  return latest;
}

/** 10055: settled days, newest first, optionally of one holding. */
export async function incomeRecords(
  db: DbOrTx,
  wallet: string,
  filter: { page: number; size: number; holdingId?: number | undefined },
): Promise<Page<MiningIncome>> {
  const where = and(
    eq(miningIncome.user, wallet.toLowerCase()),
    filter.holdingId ? eq(miningIncome.holdingId, filter.holdingId) : undefined,
  );
  return readPage(filter, {
    count: () => db.select({ n: count() }).from(miningIncome).where(where),
    rows: ({ limit, offset }) =>
      db
        .select({ i: miningIncome, name: miningProducts.name })
        .from(miningIncome)
        .innerJoin(miningHoldings, eq(miningHoldings.id, miningIncome.holdingId))
        .innerJoin(miningProducts, eq(miningProducts.id, miningHoldings.productId))
        .where(where)
        .orderBy(desc(miningIncome.day), desc(miningIncome.id))
        .limit(limit)
        .offset(offset),
    list: (rows) =>
      rows.map(({ i, name }) => ({
        id: i.id,
        holdingId: i.holdingId,
        name,
        coin: i.coin,
        day: i.day,
        amount: num(i.amount),
        source: i.source,
        createdAt: i.createdAt.getTime(),
      })),
  });
}
