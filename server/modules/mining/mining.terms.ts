/**
 * What a mining holding is owed after its purchase (docs/mining.md, docs/ledger.md "Terms fixed
 * at reservation"). A day nobody declared pays the daily estimate the purchase reserved, whatever
 * the demo oracle's yield says later: the estimate is the promise, and a changed yield would pay
 * more than was reserved (or less than was promised). A declared day pays the declaration (the
 * machine's real output), and whatever a declaration puts above what the holding has in reserve
 * is reserved from the pool at once: by the declaration, in its own transaction, or by the
 * purchase when the declaration came first; a pool that cannot cover it refuses the declaration.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { addDays, holdingOutput } from '../../../protocol/mining.ts';
import { compare, dec, exact, fmt, fractionDown, isPositive, sum } from '../../../protocol/money.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { balanceOf, post, systemAccount, transfer } from '../../ledger/ledger.ts';
import { miningHoldings, miningOutputs, miningProducts } from './mining.schema.ts';

const num = (value: string) => fmt(dec(value));

/** The terms of a holding that decide what it is still owed. */
export interface OwedTerms {
  firstDay: string;
  daysPaid: number;
  cycleDays: number;
  units: number;
  of: number;
  /** The daily estimate x cycle days, fixed at purchase (never topped up). */
  reserved: string;
}

/** The daily estimate the purchase reserved: `reserved` is exactly that times the cycle's days. */
export function dailyEstimateOf(h: Pick<OwedTerms, 'reserved' | 'cycleDays'>): string {
  return fractionDown(num(h.reserved), 1, h.cycleDays, 18);
}

/** Declared output per unit of a product, by day, from `from` to `to` (inclusive). */
export async function declaredOutputs(
  db: DbOrTx,
  productId: number,
  from: string,
  to: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ day: miningOutputs.day, perUnit: miningOutputs.perUnit })
    .from(miningOutputs)
    .where(and(eq(miningOutputs.productId, productId), between(miningOutputs.day, from, to)));
  return new Map(rows.map((r) => [r.day, num(r.perUnit)]));
}

/** What a holding is still owed: each unpaid declared day's share, the estimate on the others. */
export function stillOwed(h: OwedTerms, declared: Map<string, string>, precision: number): string {
  const daily = exact(dailyEstimateOf(h));
  const [from, to] = [addDays(h.firstDay, h.daysPaid), addDays(h.firstDay, h.cycleDays - 1)];
  let owed = daily.times(h.cycleDays - h.daysPaid);
  for (const [day, perUnit] of declared) {
    if (day >= from && day <= to)
      owed = owed.plus(holdingOutput(perUnit, h.units, h.of, precision)).minus(daily);
  }
  return fmt(owed);
}

/** What the holding's reserve lacks for what it is still owed; "0" when it holds enough. */
export function shortfallOf(
  h: OwedTerms & { reserveLeft: string },
  declared: Map<string, string>,
  precision: number,
): string {
  const gap = fmt(exact(stillOwed(h, declared, precision)).minus(num(h.reserveLeft)));
  return isPositive(gap) ? gap : '0';
}

/** A declaration the pool cannot reserve for: the admin command says so and changes nothing. */
export class DeclarationNotCovered extends Error {
  readonly coin: string;
  readonly needed: string;
  readonly pool: string;
  readonly holdings: number;
  constructor(coin: string, needed: string, pool: string, holdings: number) {
    super(`declared output needs ${needed} ${coin} more in reserve; the pool holds ${pool} ${coin}`);
    this.coin = coin;
    this.needed = needed;
    this.pool = pool;
    this.holdings = holdings;
  }
}

export interface Declaration {
  coin: string;
  /** Active holdings for which the day is still to be paid. */
  holdings: number;
  /** Moved from the pool into the reserve for them. */
  reserved: string;
}

/**
 * `admin mining output`: the output per unit of a product on `day`, with what it adds to the
 * reserve of every active holding that has the day still to pay, in the caller's transaction.
 * The product row is locked first, as a purchase locks it, so a purchase either sees the
 * declaration or is among the holdings counted here; then the holdings, in id order, as the
 * settlement locks each one before the ledger's accounts.
 */
export async function declareOutput(
  tx: Tx,
  input: { productId: number; day: string; perUnit: string },
): Promise<Declaration> {
  const [product] = await tx
    .select({ coin: miningProducts.coin })
    .from(miningProducts)
    .where(eq(miningProducts.id, input.productId))
    .for('update');
  if (!product) throw new Error(`no mining product ${input.productId}`);
  await tx
    .insert(miningOutputs)
    .values({ productId: input.productId, day: input.day, perUnit: input.perUnit })
    .onConflictDoUpdate({
      target: [miningOutputs.productId, miningOutputs.day],
      set: { perUnit: input.perUnit, updatedAt: new Date() },
    });
  const locked = await tx
    .select()
    .from(miningHoldings)
    .where(
      and(
        eq(miningHoldings.productId, input.productId),
        eq(miningHoldings.status, 'active'),
        sql`${miningHoldings.firstDay} + ${miningHoldings.daysPaid} <= ${input.day}::date`,
        sql`${miningHoldings.firstDay} + ${miningHoldings.cycleDays} > ${input.day}::date`,
      ),
    )
    .orderBy(asc(miningHoldings.id))
    .for('update');
  // A day already settled keeps what it paid: the declaration then only corrects the record.
  const open = locked.filter((h) => addDays(h.firstDay, h.daysPaid) <= input.day);
  const none: Declaration = { coin: product.coin, holdings: open.length, reserved: '0' };
  if (open.length === 0) return none;
  const [coin] = await tx
    .select({ precision: coins.precision })
    .from(coins)
    .where(eq(coins.symbol, product.coin));
  if (!coin) throw new Error(`unknown coin ${product.coin}`);
  const from = open.map((h) => addDays(h.firstDay, h.daysPaid)).reduce((a, b) => (a < b ? a : b));
  const to = open.map((h) => addDays(h.firstDay, h.cycleDays - 1)).reduce((a, b) => (a > b ? a : b));
  const declared = await declaredOutputs(tx, input.productId, from, to);
  const gaps = open
    .map((h) => ({
      id: h.id,
      reserveLeft: num(h.reserveLeft),
      gap: shortfallOf(h, declared, coin.precision),
    }))
    .filter((g) => isPositive(g.gap));
  if (gaps.length === 0) return none;
  const total = sum(gaps.map((g) => g.gap));
  // Checked before posting (the ledger would refuse it too) to name what is missing: a refusal
  // inside the entry aborts the transaction, and nothing could be read to say so.
  const pool = await balanceOf(tx, systemAccount('mining_output_pool'), product.coin);
  if (compare(num(pool), total) < 0) throw new DeclarationNotCovered(product.coin, total, pool, gaps.length);
  // System money only (pool to reserve): no user sees it. The key is per declaration; a retried
  // command transaction rolled the first attempt back whole.
  await post(tx, {
    type: 'pool_funding',
    idempotencyKey: `mining:product:${input.productId}:output:${input.day}:${randomUUID()}`,
    reference: `mining:product:${input.productId}`,
    memo: `declared output of ${input.day} above the reserve`,
    postings: transfer(
      systemAccount('mining_output_pool'),
      systemAccount('mining_reserved'),
      product.coin,
      total,
    ),
  });
  for (const g of gaps) {
    await tx
      .update(miningHoldings)
      .set({ reserveLeft: fmt(dec(g.reserveLeft).plus(dec(g.gap))) })
      .where(eq(miningHoldings.id, g.id));
  }
  return { ...none, reserved: total };
}
