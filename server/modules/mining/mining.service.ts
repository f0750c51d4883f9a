/**
 * Cloud mining (DESIGN.md sections 1, 5, 6; docs/mining.md). A purchase pays rent and service fee
 * and reserves the holding's estimated output for its whole cycle from the mining output pool, in
 * one journal entry; a machine whose pool cannot reserve that is sold out. Each settled day pays
 * the day's output (declared by the operator, or the estimate the purchase reserved) from the
 * reserve, which declarations above the estimate top up (mining.terms.ts); the last day releases
 * what is left of the reserve to the pool. Time comes from the caller: no function here reads the
 * clock.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Page } from '../../../protocol/envelope.ts';
import {
  addDays,
  boostedHashrate,
  cycleReturnOf,
  efficiencyOf,
  firstDayOf,
  HASHRATE_DECIMALS,
  type HoldingStatus,
  holdingOutput,
  isPositive,
  type MiningHolding,
  type MiningIncome,
  type MiningMachine,
  type OutputSource,
  oracleOutput,
  parseDay,
  purchaseCost,
  reservedOutput,
  stepsCoveredByPool,
  utcDay,
  yieldRateOf,
} from '../../../protocol/mining.ts';
import { addUnits, fractionDown, minOf } from '../../../protocol/units.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { retryOnConflict } from '../../db/retry.ts';
import { faultPoint } from '../../faults.ts';
import { ApiError } from '../../http/api-error.ts';
import { balanceOf, type Posting, post, systemAccount, transfer, userAccount } from '../../ledger/ledger.ts';
import { dec, fmt } from '../../ledger/money.ts';
import { coins } from '../config/config.schema.ts';
import type { MarketEngine } from '../markets/engine.ts';
import { QUOTE, usdtBids } from '../markets/usdt-bids.ts';
import { payReferral } from '../referral/referral.service.ts';
import {
  miningHoldings,
  miningIncome,
  miningOutputs,
  miningProducts,
  miningYields,
} from './mining.schema.ts';
import { dailyEstimateOf, declaredOutputs, shortfallOf } from './mining.terms.ts';

type ProductRow = typeof miningProducts.$inferSelect;
type HoldingRow = typeof miningHoldings.$inferSelect;

const num = (value: string) => fmt(dec(value));

/** A unit's output for `day`: the operator's declaration, else the demo oracle's figure. */
export interface DayOutput {
  perUnit: string;
  source: OutputSource;
}

async function precisionOf(db: DbOrTx, coin: string): Promise<number> {
  const [row] = await db.select({ precision: coins.precision }).from(coins).where(eq(coins.symbol, coin));
  if (!row) throw new Error(`unknown coin ${coin}`);
  return row.precision;
}

/** Per-unit output of each product for `day`. One query per table, whatever the product count. */
async function outputsFor(db: DbOrTx, products: ProductRow[], day: string): Promise<Map<number, DayOutput>> {
  const result = new Map<number, DayOutput>();
  if (products.length === 0) return result;
  const ids = products.map((p) => p.id);
  const declared = await db
    .select({ productId: miningOutputs.productId, perUnit: miningOutputs.perUnit })
    .from(miningOutputs)
    .where(and(inArray(miningOutputs.productId, ids), eq(miningOutputs.day, day)));
  const declaredBy = new Map(declared.map((d) => [d.productId, num(d.perUnit)]));
  const coinList = [...new Set(products.map((p) => p.coin))];
  const yields = await db.select().from(miningYields).where(inArray(miningYields.coin, coinList));
  const perTh = new Map(yields.map((y) => [y.coin, num(y.perTh)]));
  const precisions = await db
    .select({ symbol: coins.symbol, precision: coins.precision })
    .from(coins)
    .where(inArray(coins.symbol, coinList));
  const precision = new Map(precisions.map((c) => [c.symbol, c.precision]));
  for (const p of products) {
    const own = declaredBy.get(p.id);
    if (own !== undefined) {
      result.set(p.id, { perUnit: own, source: 'declared' });
      continue;
    }
    const rate = perTh.get(p.coin) ?? '0';
    result.set(p.id, {
      perUnit: oracleOutput(num(p.hashrate), num(p.boost), rate, precision.get(p.coin) ?? 8),
      source: 'demo',
    });
  }
  return result;
}

/** Units (or shares) of each product held in active holdings. */
async function activeUnits(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: miningHoldings.productId, units: sql<string>`sum(${miningHoldings.units})::text` })
    .from(miningHoldings)
    .where(and(inArray(miningHoldings.productId, productIds), eq(miningHoldings.status, 'active')))
    .groupBy(miningHoldings.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.units)]));
}

interface Availability {
  dailyPerStep: string;
  available: number;
  soldOut: boolean;
}

/**
 * What can be bought now: stock (or shares) left, and what the pool can reserve the cycle's
 * output for. A machine with no estimated output is sold out: nothing honest can be promised.
 */
function availabilityOf(
  product: ProductRow,
  output: DayOutput,
  held: number,
  pool: string,
  precision: number,
) {
  const of = product.joint ? product.shares : 1;
  const dailyPerStep = holdingOutput(output.perUnit, 1, of, precision);
  const stockLeft = Math.max(0, product.shares - held);
  const byPool = stepsCoveredByPool(pool, dailyPerStep, product.cycleDays);
  const available = byPool === null ? 0 : Math.min(stockLeft, byPool);
  return { dailyPerStep, available, soldOut: available < product.minPurchase } satisfies Availability;
}

interface ViewContext {
  day: string;
  outputs: Map<number, DayOutput>;
  held: Map<number, number>;
  pools: Map<string, string>;
  prices: Map<string, string>;
  precisions: Map<string, number>;
}

async function viewContext(
  db: DbOrTx,
  products: ProductRow[],
  engine: MarketEngine | null,
  now: number,
): Promise<ViewContext> {
  const day = utcDay(now);
  const coinList = [...new Set(products.map((p) => p.coin))];
  const pools = new Map<string, string>();
  for (const coin of coinList)
    pools.set(coin, await balanceOf(db, systemAccount('mining_output_pool'), coin));
  const precisions =
    coinList.length === 0
      ? []
      : await db
          .select({ symbol: coins.symbol, precision: coins.precision })
          .from(coins)
          .where(inArray(coins.symbol, coinList));
  return {
    day,
    outputs: await outputsFor(db, products, day),
    held: await activeUnits(
      db,
      products.map((p) => p.id),
    ),
    pools,
    prices: await usdtBids(engine, coinList, now),
    precisions: new Map(precisions.map((c) => [c.symbol, c.precision])),
  };
}

function machineView(p: ProductRow, ctx: ViewContext): MiningMachine {
  const output = ctx.outputs.get(p.id) ?? { perUnit: '0', source: 'demo' as const };
  const precision = ctx.precisions.get(p.coin) ?? 8;
  const { dailyPerStep, available, soldOut } = availabilityOf(
    p,
    output,
    ctx.held.get(p.id) ?? 0,
    ctx.pools.get(p.coin) ?? '0',
    precision,
  );
  const price = p.coin === QUOTE ? '1' : (ctx.prices.get(p.coin) ?? null);
  const [hashrate, power, rent] = [num(p.hashrate), num(p.power), num(p.rent)];
  return {
    id: p.id,
    key: p.key,
    name: p.name,
    algorithm: p.algorithm,
    coin: p.coin,
    hashrate,
    power,
    efficiency: efficiencyOf(power, hashrate),
    size: p.size,
    weight: num(p.weight),
    chip: p.chip,
    environment: p.environment,
    cycleDays: p.cycleDays,
    rent,
    serviceFee: num(p.serviceFee),
    estimatedDailyOutput: output.perUnit,
    dailyOutputPerStep: dailyPerStep,
    outputSource: output.source,
    price,
    yieldRate: yieldRateOf(dailyPerStep, price, rent),
    cycleReturn: cycleReturnOf(dailyPerStep, p.cycleDays, price, rent, num(p.serviceFee)),
    shares: p.shares,
    available,
    minPurchase: p.minPurchase,
    startTime: p.startAt.getTime(),
    boost: num(p.boost),
    joint: p.joint,
    soldOut,
  };
}

const onSale = and(
  eq(miningProducts.enabled, true),
  sql`exists (select 1 from ${coins} where ${coins.symbol} = ${miningProducts.coin} and ${coins.enabled})`,
);

/** 10050 / 10056: the machines on sale, paged; `jointOnly` keeps joint-operated ones with shares left. */
export async function listMachines(
  db: DbOrTx,
  engine: MarketEngine | null,
  now: number,
  filter: { page: number; size: number; jointOnly?: boolean; all?: boolean },
): Promise<Page<MiningMachine>> {
  const where = filter.all
    ? undefined
    : and(onSale, filter.jointOnly ? eq(miningProducts.joint, true) : undefined);
  const rows = await db
    .select()
    .from(miningProducts)
    .where(where)
    .orderBy(asc(miningProducts.sort), asc(miningProducts.id));
  const ctx = await viewContext(db, rows, engine, now);
  // "Shares left" depends on the ledger and the holdings, so the joint list is filtered after viewing.
  const views = rows.map((r) => machineView(r, ctx)).filter((m) => !filter.jointOnly || m.available > 0);
  const start = (filter.page - 1) * filter.size;
  return {
    list: views.slice(start, start + filter.size),
    total: views.length,
    page: filter.page,
    size: filter.size,
  };
}

/** 10051: one machine on sale. */
export async function machineDetails(
  db: DbOrTx,
  engine: MarketEngine | null,
  now: number,
  id: number,
): Promise<MiningMachine> {
  const [row] = await db
    .select()
    .from(miningProducts)
    .where(and(eq(miningProducts.id, id), onSale));
  if (!row) throw new ApiError('not_found');
  return machineView(row, await viewContext(db, [row], engine, now));
}

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
  if (!product) throw new ApiError('not_found');
  if (product.joint && !input.joint) throw new ApiError('machine_joint_only');
  if (!product.joint && input.joint) throw new ApiError('machine_not_joint');
  if (input.units < product.minPurchase)
    throw new ApiError('purchase_below_minimum', { num: product.minPurchase });
  const precision = await precisionOf(tx, product.coin);
  const day = utcDay(now);
  const output = (await outputsFor(tx, [product], day)).get(product.id) as DayOutput;
  const held = (await activeUnits(tx, [product.id])).get(product.id) ?? 0;
  const pool = await balanceOf(tx, systemAccount('mining_output_pool'), product.coin);
  const { available, soldOut } = availabilityOf(product, output, held, pool, precision);
  if (soldOut) throw new ApiError('machine_sold_out', { name: product.name });
  if (input.units > available) throw new ApiError('purchase_above_available', { max: available });

  const of = product.joint ? product.shares : 1;
  const daily = holdingOutput(output.perUnit, input.units, of, precision);
  const reserved = reservedOutput(daily, product.cycleDays);
  const firstDay = firstDayOf(now, product.startAt.getTime());
  // Output already declared above the estimate for a day of the cycle is reserved with it.
  const declared = await declaredOutputs(tx, product.id, firstDay, addDays(firstDay, product.cycleDays - 1));
  const terms = { firstDay, daysPaid: 0, cycleDays: product.cycleDays, units: input.units, of, reserved };
  const reserveLeft = addUnits(
    reserved,
    shortfallOf({ ...terms, reserveLeft: reserved }, declared, precision),
  );
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
    if (error instanceof ApiError && error.errorName === 'pool_exhausted')
      throw new ApiError('machine_sold_out', { name: product.name });
    if (error instanceof ApiError && error.errorName === 'insufficient_balance')
      throw new ApiError('insufficient_balance', { coin: QUOTE });
    throw error;
  }
  return holdingView(row, product.name, product.algorithm);
}

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
  const [total] = await db.select({ n: count() }).from(miningHoldings).where(where);
  const rows = await db
    .select({ h: miningHoldings, name: miningProducts.name, algorithm: miningProducts.algorithm })
    .from(miningHoldings)
    .innerJoin(miningProducts, eq(miningProducts.id, miningHoldings.productId))
    .where(where)
    .orderBy(desc(miningHoldings.id))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  const ids = rows.map((r) => r.h.id);
  const latest = new Map<number, LatestIncome>();
  if (ids.length > 0) {
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
  }
  return {
    list: rows.map((r) => holdingView(r.h, r.name, r.algorithm, latest.get(r.h.id))),
    total: total?.n ?? 0,
    page: filter.page,
    size: filter.size,
  };
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
  const [total] = await db.select({ n: count() }).from(miningIncome).where(where);
  const rows = await db
    .select({ i: miningIncome, name: miningProducts.name })
    .from(miningIncome)
    .innerJoin(miningHoldings, eq(miningHoldings.id, miningIncome.holdingId))
    .innerJoin(miningProducts, eq(miningProducts.id, miningHoldings.productId))
    .where(where)
    .orderBy(desc(miningIncome.day), desc(miningIncome.id))
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size);
  return {
    list: rows.map(({ i, name }) => ({
      id: i.id,
      holdingId: i.holdingId,
      name,
      coin: i.coin,
      day: i.day,
      amount: num(i.amount),
      source: i.source,
      createdAt: i.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
    page: filter.page,
    size: filter.size,
  };
}
