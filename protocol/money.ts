/**
 * The one decimal engine (docs/decisions/decimal.md): every amount the server books, every promise
 * the protocol's rules compute (staking interest, mining output, IDO allocation, order margin) and
 * every figure a screen derives is computed here, with decimal.js, so the client's estimate and the
 * server's booking agree to the last unit. Amounts are decimal strings everywhere; a `Dec` lives
 * only while computing. Credits to users round down to the coin's precision, fees round up, and
 * what falls between goes to the house dust account (docs/spec/design.md, "Ledger").
 */
import { Decimal } from 'decimal.js';

// NUMERIC(38, 18) holds 20 integer digits: 40 significant digits never lose a unit of a sum.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof D>;

/**
 * For the rules that multiply several amounts and divide once before rounding to a coin's
 * precision: 120 significant digits hold the exact product of three NUMERIC(38, 18) amounts (114
 * digits), and a
 * quotient is truncated there, so it is never pushed over a unit boundary before the rule rounds
 * it itself (the result equals the exact rational rounded as the rule says).
 */
const X = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_DOWN, toExpNeg: -120, toExpPos: 120 });
export type Exact = InstanceType<typeof X>;

/** decimal.js's rounding modes by name. */
export const ROUND_UP = Decimal.ROUND_UP;
export const ROUND_DOWN = Decimal.ROUND_DOWN;
export const ROUND_HALF_UP = Decimal.ROUND_HALF_UP;
export const ROUND_FLOOR = Decimal.ROUND_FLOOR;
export type Rounding = 0 | 1 | 3 | 4;

const PLAIN = /^-?(0|[1-9][0-9]{0,19})(\.[0-9]{1,18})?$/;

export function isDecimalString(value: string): boolean {
  return PLAIN.test(value);
}

export function dec(value: string | number | Dec | Exact): Dec {
  if (typeof value === 'string' && !isDecimalString(value))
    throw new Error(`not a decimal amount: "${value}"`);
  return new D(value as Decimal.Value);
}

/** Digits after the point, ignoring trailing zeros. */
export function scaleOf(value: string): number {
  const [, fraction = ''] = value.split('.');
  return fraction.replace(/0+$/, '').length;
}

/** Plain notation without trailing zeros: "1.50" -> "1.5", "-0" -> "0". */
export function fmt(value: Dec | Exact): string {
  const text = value.toFixed();
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * A NUMERIC column's text written as `fmt` writes it ('1.500000' -> '1.5', '2.000' -> '2'),
 * without decimal arithmetic: the read path of stored candles formats thousands of these.
 */
export function trimNumeric(text: string): string {
  let end = text.length;
  if (text.includes('.')) {
    while (text.charCodeAt(end - 1) === 48) end -= 1;
    if (text.charCodeAt(end - 1) === 46) end -= 1;
  }
  const trimmed = end === text.length ? text : text.slice(0, end);
  return trimmed === '-0' ? '0' : trimmed;
}

export function roundDown(value: string | Dec, precision: number): string {
  return fmt(dec(value).toDecimalPlaces(precision, Decimal.ROUND_DOWN));
}

export function roundUp(value: string | Dec, precision: number): string {
  return fmt(dec(value).toDecimalPlaces(precision, Decimal.ROUND_UP));
}

export function add(a: string, b: string): string {
  return fmt(dec(a).plus(dec(b)));
}

export function sub(a: string, b: string): string {
  return fmt(dec(a).minus(dec(b)));
}

export function cmp(a: string, b: string): number {
  return dec(a).comparedTo(dec(b));
}

export function isZero(a: string): boolean {
  return dec(a).isZero();
}

/**
 * `value` for exact rules: any decimal string or number decimal.js reads (the rules' inputs are
 * validated where they enter), or an integer count.
 */
export function exact(value: string | number | bigint | Dec | Exact): Exact {
  return new X(typeof value === 'bigint' ? value.toString() : (value as Decimal.Value));
}

/** `value` rounded to `places` decimals as a plain string without trailing zeros. */
export function rounded(value: Dec | Exact, places: number, rounding: Rounding): string {
  return fmt(value.toDecimalPlaces(places, rounding));
}

/** -1, 0 or 1 as `a` compares to `b`. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  return exact(a).comparedTo(exact(b)) as -1 | 0 | 1;
}

export function minOf(...values: string[]): string {
  return values.reduce((m, x) => (compare(x, m) < 0 ? x : m));
}

export function maxOf(...values: string[]): string {
  return values.reduce((m, x) => (compare(x, m) > 0 ? x : m));
}

export const isPositive = (value: string): boolean => compare(value, '0') > 0;

/** a x b, rounded down to `places` decimals. */
export function mulDown(a: string, b: string, places: number): string {
  return rounded(exact(a).times(b), places, ROUND_DOWN);
}

/** a x n / d for whole n and d, rounded down to `places` decimals. */
export function fractionDown(a: string, n: number, d: number, places: number): string {
  if (!Number.isInteger(n) || !Number.isInteger(d) || n < 0 || d <= 0)
    throw new Error(`bad fraction ${n}/${d}`);
  return rounded(exact(a).times(n).dividedBy(d), places, ROUND_DOWN);
}

/** The sum of `values`, exactly. */
export function sum(values: readonly string[]): string {
  return fmt(values.reduce((total, v) => total.plus(v), exact(0)));
}
