/**
 * Decimal arithmetic for money. Amounts are decimal strings everywhere; Decimal is used only to
 * compute. Credits to users round down to the coin's precision, fees round up, and what falls
 * between goes to the house dust account (docs/spec/design.md, issue "Ledger").
 */
import { Decimal } from 'decimal.js';

// NUMERIC(38, 18) holds 20 integer digits: 40 significant digits never lose a unit.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof D>;

const PLAIN = /^-?(0|[1-9][0-9]{0,19})(\.[0-9]{1,18})?$/;

export function isDecimalString(value: string): boolean {
  return PLAIN.test(value);
}

export function dec(value: string | number | Dec): Dec {
  if (typeof value === 'string' && !isDecimalString(value))
    throw new Error(`not a decimal amount: "${value}"`);
  return new D(value);
}

/** Digits after the point, ignoring trailing zeros. */
export function scaleOf(value: string): number {
  const [, fraction = ''] = value.split('.');
  return fraction.replace(/0+$/, '').length;
}

/** Plain notation without trailing zeros: "1.50" -> "1.5", "-0" -> "0". */
export function fmt(value: Dec): string {
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
