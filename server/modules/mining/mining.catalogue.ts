/**
 * Cloud mining's catalogue (docs/spec/design.md sections 1, 5, 6; docs/mining.md): the machines on sale
 * (10050, 10056, 10051) with their output, availability and yield figures at today's prices. A
 * machine whose output pool cannot reserve a purchase's cycle is sold out (mining.purchase.ts).
 * Time comes from the caller: no function here reads the clock.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import type { Page } from '../../../protocol/envelope.ts';
import {
  annualizedReturnOf,
  cycleReturnOf,
  efficiencyOf,
  holdingOutput,
  type MiningMachine,
  type OutputSource,
  oracleOutput,
  stepsCoveredByPool,
  utcDay,
  yieldRateOf,
} from '../../../protocol/mining.ts';
import { dec, fmt } from '../../../protocol/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { slicePage } from '../../db/paging.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { balancesByCoin, systemAccount } from '../../ledger/ledger.ts';
import { type MarketEngine, QUOTE, usdtBids } from '../markets/index.ts';
import { miningHoldings, miningOutputs, miningProducts, miningYields } from './mining.schema.ts';

export type ProductRow = typeof miningProducts.$inferSelect;
export type HoldingRow = typeof miningHoldings.$inferSelect;

export const num = (value: string) => fmt(dec(value));

/** A unit's output for `day`: the operator's declaration, else the demo oracle's figure. */
export interface DayOutput {
  perUnit: string;
  source: OutputSource;
}

export async function precisionOf(db: DbOrTx, coin: string): Promise<number> {
  const [row] = await db.select({ precision: coins.precision }).from(coins).where(eq(coins.symbol, coin));
  if (!row) throw new Error(`unknown coin ${coin}`);
  return row.precision;
}

/** Per-unit output of each product for `day`. One query per table, whatever the product count. */
export async function outputsFor(
  db: DbOrTx,
  products: ProductRow[],
  day: string,
): Promise<Map<number, DayOutput>> {
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
export async function activeUnits(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: miningHoldings.productId, units: sql<string>`sum(${miningHoldings.units})::text` })
    .from(miningHoldings)
    .where(and(inArray(miningHoldings.productId, productIds), eq(miningHoldings.status, 'active')))
    .groupBy(miningHoldings.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.units)]));
}

export interface Availability {
  dailyPerStep: string;
  available: number;
  soldOut: boolean;
}

/**
 * What can be bought now: stock (or shares) left, and what the pool can reserve the cycle's
 * output for. A machine with no estimated output is sold out: nothing honest can be promised.
 */
export function availabilityOf(
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

export interface ViewContext {
  day: string;
  outputs: Map<number, DayOutput>;
  held: Map<number, number>;
  pools: Map<string, string>;
  prices: Map<string, string>;
  precisions: Map<string, number>;
}

export async function viewContext(
  db: DbOrTx,
  products: ProductRow[],
  engine: MarketEngine | null,
  now: number,
): Promise<ViewContext> {
  const day = utcDay(now);
  const coinList = [...new Set(products.map((p) => p.coin))];
  const pools = await balancesByCoin(db, systemAccount('mining_output_pool'), coinList);
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

export function machineView(p: ProductRow, ctx: ViewContext): MiningMachine {
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

export const onSale = and(
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
  return slicePage(filter, views);
}

/**
 * The machines that can be rented now with their net cycle return as a yearly rate, in catalogue
 * order: mining's part of the "annualized up to" label (00000 topYield, server/modules/index.ts).
 */
export async function machineYields(
  db: DbOrTx,
  engine: MarketEngine,
  now: number,
): Promise<{ percent: string; machineId: number; name: string }[]> {
  const machines = await listMachines(db, engine, now, { page: 1, size: 1000 });
  const yields: { percent: string; machineId: number; name: string }[] = [];
  for (const m of machines.list) {
    if (m.soldOut) continue;
    const annual = annualizedReturnOf(m.cycleReturn, m.cycleDays);
    if (annual) yields.push({ percent: annual, machineId: m.id, name: m.name });
  }
  return yields;
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
  if (!row) throw new DomainError('not_found');
  return machineView(row, await viewContext(db, [row], engine, now));
}
