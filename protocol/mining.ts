/**
 * Cloud mining: 10050 mall, 10051 details, 10052 rent, 10053 my machines, 10055 income records,
 * 10056 joint-venture machines, 10058 buy joint-venture shares (docs/mining.md).
 *
 * A machine product is rented by the unit (quantity) or, when it is joint-operated, bought by the
 * share: a machine split into `shares` equal parts whose output is split by shares. A holding of
 * `units` out of `of` (quantity out of 1, or shares out of the machine's shares) earns
 * floor(per-unit output x units / of) a day. The arithmetic lives here so that the numbers the
 * screens show before a purchase and the ones the server promises are the same function.
 */
import * as v from 'valibot';
import { exact, fmt, fractionDown, isPositive, mulDown, ROUND_DOWN, rounded } from './money.ts';
import { paging, requestId } from './validation.ts';

export const MINING_ALGORITHMS = ['SHA-256', 'Scrypt', 'kHeavyHash'] as const;
export type MiningAlgorithm = (typeof MINING_ALGORITHMS)[number];

export const HOLDING_STATUSES = ['active', 'expired'] as const;
export type HoldingStatus = (typeof HOLDING_STATUSES)[number];

/** Where a day's output figure comes from: declared by the operator, or the demo output oracle. */
export const OUTPUT_SOURCES = ['declared', 'demo'] as const;
export type OutputSource = (typeof OUTPUT_SOURCES)[number];

/** Limits the operator's `config machine` checks. */
export const MINING_MAX_CYCLE_DAYS = 1825;
export const MINING_MAX_UNITS = 100_000;
/** Hashrate in TH/s with at most this many decimals (16 GH/s is 0.016 TH/s). */
export const HASHRATE_DECIMALS = 6;

export interface MiningMachine {
  id: number;
  /** The operator's key for the product, e.g. `S21`. */
  key: string;
  name: string;
  algorithm: MiningAlgorithm;
  /** The produced currency. */
  coin: string;
  /** Rated hashrate in TH/s. */
  hashrate: string;
  /** Rated power in watts. */
  power: string;
  /** Power efficiency in J/TH: power / hashrate, computed. */
  efficiency: string;
  size: string;
  /** Kilograms. */
  weight: string;
  chip: string;
  environment: string;
  cycleDays: number;
  /** USDT per unit, or per share of a joint-operated machine. */
  rent: string;
  /** USDT per unit or share, paid with the rent; fee revenue. */
  serviceFee: string;
  /** Output of one unit (a whole machine) per day at the estimate, in `coin`. */
  estimatedDailyOutput: string;
  /** Output of one purchase step per day: a unit, or one share of a joint-operated machine. */
  dailyOutputPerStep: string;
  outputSource: OutputSource;
  /** USDT bid of `coin` the yield is computed at; null where the coin has no USDT market. */
  price: string | null;
  /**
   * Daily yield in percent: daily output per step x price / rent per step, rounded down to 2
   * decimals; null without a price. Computed, never typed in.
   */
  yieldRate: string | null;
  /**
   * What the whole cycle returns at today's estimate and price, net of rent and service fee, in
   * percent of what is paid (negative when it loses); null without a price.
   */
  cycleReturn: string | null;
  /** Units in stock, or the shares the machine is split into. */
  shares: number;
  /** What can still be bought now: stock or shares left, and what the output pool can promise. */
  available: number;
  /** The smallest purchase, in units or shares. */
  minPurchase: number;
  /** When the machine starts producing (Unix ms). */
  startTime: number;
  /** Percent of extra hashrate the operator adds, e.g. "5". */
  boost: string;
  joint: boolean;
  soldOut: boolean;
}

export interface MiningHolding {
  id: number;
  productId: number;
  name: string;
  algorithm: MiningAlgorithm;
  coin: string;
  joint: boolean;
  /** Quantity rented, or shares bought. */
  units: number;
  /** 1 for a rental, the machine's shares for joint-venture shares. */
  of: number;
  /** Hashrate this holding earns with, TH/s (boost included). */
  hashrate: string;
  cycleDays: number;
  /** USDT paid: rent and service fee. */
  paid: string;
  serviceFee: string;
  status: HoldingStatus;
  /** First and last producing day, UTC dates `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
  daysPaid: number;
  daysLeft: number;
  /** Output credited so far. */
  earned: string;
  /** The output of the latest settled day, and which day that was (null before the first). */
  latestOutput: string | null;
  latestDay: string | null;
  createdAt: number;
}

export interface MiningIncome {
  id: number;
  holdingId: number;
  name: string;
  coin: string;
  day: string;
  amount: string;
  source: OutputSource;
  createdAt: number;
}

const id = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number));
/** A positive whole count: zero, fractions, signs and exponents are refused. */
const count = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,5}$/), v.transform(Number));

export const mallRequest = v.object({
  ...paging(),
});

export const machineRequest = v.object({ id });

export const rentRequest = v.object({ productId: id, quantity: count, requestId });
export type RentRequest = v.InferOutput<typeof rentRequest>;

export const buySharesRequest = v.object({ productId: id, shares: count, requestId });
export type BuySharesRequest = v.InferOutput<typeof buySharesRequest>;

export const myMachinesRequest = v.object({
  ...paging(),
  status: v.optional(v.picklist(HOLDING_STATUSES)),
});

export const incomeRequest = v.object({
  ...paging(),
  holdingId: v.optional(id),
});

// ---------------------------------------------------------------------------------------------
// Arithmetic.

/** Power efficiency, J/TH = W / (TH/s), rounded down to 2 decimals. */
export function efficiencyOf(power: string, hashrate: string): string {
  const h = exact(hashrate);
  if (h.isZero()) return '0';
  return rounded(exact(power).dividedBy(h), 2, ROUND_DOWN);
}

/** The hashrate a unit earns with: rated x (1 + boost %). */
export function boostedHashrate(hashrate: string, boostPercent: string): string {
  const boosted = exact(hashrate).times(exact(boostPercent).plus(100)).dividedBy(100);
  return rounded(boosted, 18, ROUND_DOWN);
}

/**
 * The demo output oracle: a unit's output for a day from its hashrate (boost included) and the
 * configured output per TH/s per day, rounded down to the coin's precision.
 */
export function oracleOutput(
  hashrate: string,
  boostPercent: string,
  perTh: string,
  precision: number,
): string {
  return mulDown(boostedHashrate(hashrate, boostPercent), perTh, precision);
}

/** A holding's output for a day: floor(per-unit output x units / of) at the coin's precision. */
export function holdingOutput(perUnit: string, units: number, of: number, precision: number): string {
  return fractionDown(perUnit, units, of, precision);
}

/**
 * Daily yield in percent of a purchase step: output x price / rent x 100, rounded down to 2
 * decimals; null when there is no price or the rent is zero.
 */
export function yieldRateOf(dailyOutput: string, price: string | null, rent: string): string | null {
  if (price === null) return null;
  const r = exact(rent);
  if (r.isZero()) return null;
  return rounded(exact(dailyOutput).times(price).times(100).dividedBy(r), 2, ROUND_DOWN);
}

/**
 * The cycle's net return in percent of rent + fee: (output x days x price - paid) / paid x 100,
 * truncated toward zero at 2 decimals; null without a price or with nothing paid.
 */
/**
 * A cycle's net return as a simple yearly rate: cycle return x 365 / cycle days, truncated at 2
 * decimals; null when the cycle does not earn (the "up to X%" label never shows a loss).
 */
export function annualizedReturnOf(cycleReturn: string | null, cycleDays: number): string | null {
  if (cycleReturn === null || cycleReturn.startsWith('-') || cycleDays <= 0) return null;
  const value = rounded(exact(cycleReturn).times(365).dividedBy(cycleDays), 2, ROUND_DOWN);
  return isPositive(value) ? value : null;
}

export function cycleReturnOf(
  dailyOutput: string,
  cycleDays: number,
  price: string | null,
  rent: string,
  serviceFee: string,
): string | null {
  if (price === null) return null;
  const paid = exact(rent).plus(serviceFee);
  if (paid.isZero()) return null;
  // The cycle's output value at the coin grid of 18 decimals, then the return truncated toward zero.
  const value = exact(dailyOutput).times(cycleDays).times(price).toDecimalPlaces(18, ROUND_DOWN);
  return rounded(value.minus(paid).times(100).dividedBy(paid), 2, ROUND_DOWN);
}

/** What a purchase of `units` steps costs: rent and fee per step, times the count. */
export function purchaseCost(
  rent: string,
  serviceFee: string,
  units: number,
): { rent: string; fee: string; total: string } {
  const r = exact(rent).times(units);
  const f = exact(serviceFee).times(units);
  return { rent: fmt(r), fee: fmt(f), total: fmt(r.plus(f)) };
}

/** The output reserved for a holding's whole cycle: its daily estimate x cycle days. */
export function reservedOutput(dailyEstimate: string, cycleDays: number): string {
  return fmt(exact(dailyEstimate).times(cycleDays));
}

/**
 * How many purchase steps a pool balance can promise the whole cycle's output for; null when the
 * estimate is zero (nothing to reserve, and nothing honest to sell either: see the service).
 */
export function stepsCoveredByPool(pool: string, dailyPerStep: string, cycleDays: number): number | null {
  const need = exact(dailyPerStep).times(cycleDays);
  if (need.isZero()) return null;
  const steps = exact(pool).dividedBy(need).toDecimalPlaces(0, ROUND_DOWN);
  return steps.greaterThan(MINING_MAX_UNITS) ? MINING_MAX_UNITS : steps.toNumber();
}

export { isPositive };

// ---------------------------------------------------------------------------------------------
// Days. Output is settled per UTC day: a holding produces from the day after its purchase (or
// from the machine's start day, if later) for `cycleDays` days; day D is paid once D has ended.

export const DAY_MS = 86_400_000;

/** The UTC date `YYYY-MM-DD` of a moment. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

const DAY_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** Parses `YYYY-MM-DD` strictly (no 2026-02-30); null when it is not a real UTC date. */
export function parseDay(day: string): number | null {
  if (!DAY_PATTERN.test(day)) return null;
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) || utcDay(at) !== day ? null : at;
}

export function addDays(day: string, days: number): string {
  const at = parseDay(day);
  if (at === null) throw new Error(`not a day: ${day}`);
  return utcDay(at + days * DAY_MS);
}

/** The first producing day of a holding bought at `boughtAt` on a machine starting at `startTime`. */
export function firstDayOf(boughtAt: number, startTime: number): string {
  const nextDay = addDays(utcDay(boughtAt), 1);
  const startDay = utcDay(startTime);
  return startDay > nextDay ? startDay : nextDay;
}
