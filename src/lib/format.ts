/**
 * Amounts, dates and long identifiers for display (docs/spec/product.md section 9, "Display"), and the exact
 * decimal arithmetic the screens do on amounts: products, differences, comparisons.
 *
 * Amounts travel as decimal strings (docs/spec/design.md section 4), so every numeric helper here works in
 * exact decimals, never in binary floats: `0.1 * 0.2` is `0.02`, not `0.020000000000000004`. The
 * display helpers (rounding, separators, dates) are src/lib/format-text.ts's, which needs no
 * arithmetic library and so stays light enough for the first page; the arithmetic is the one
 * decimal engine's, protocol/money.ts (docs/decisions/decimal.md). Output is always plain notation (no `1e-7`, no `1e+21`), and a zero
 * never shows a minus sign. Invalid or empty input renders as {@link PLACEHOLDER}.
 *
 * "Half up" below means decimal.js `ROUND_HALF_UP`: a tie rounds away from zero, so `-0.000005` becomes
 * `-0.00001` just as `0.000005` becomes `0.00001`.
 */
import { type Exact, exact, ROUND_HALF_UP } from '../../protocol/money.ts';
import { decimalText, type NumericInput, PLACEHOLDER } from './format-text.ts';

export {
  decimalSign,
  fixNumber,
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeUtc,
  type NumericInput,
  PLACEHOLDER,
  shorten,
  toFixed5,
  truncate,
  withThousands,
} from './format-text.ts';

// The engine's exact configuration: sums, differences and products of amounts are exact at its
// 120 significant digits; only division rounds, far beyond anything shown. `toFixed` never uses
// exponential notation.
export type Dec = Exact;
export { ROUND_HALF_UP };

/** A decimal string or finite number as an exact decimal; null for anything else. */
export function parseDecimal(value: NumericInput): Dec | null {
  const text = decimalText(value);
  return text === null ? null : exact(text.startsWith('+') ? text.slice(1) : text);
}

const parse = parseDecimal;

/** `-0.00` is shown as `0.00`: a value that rounds to zero has no sign. */
function unsignedZero(text: string): string {
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * SPEC: "multiplication results rounded to at most 6 decimals". The exact product, rounded half
 * up to 6 places, trailing zeros removed: `'0.1' x '0.2'` -> `'0.02'`, `'1.0000005' x 1` ->
 * `'1.000001'`, `'3' x '4'` -> `'12'`.
 */
export function multiply(a: NumericInput, b: NumericInput): string {
  const x = parse(a);
  const y = parse(b);
  if (x === null || y === null) return PLACEHOLDER;
  return unsignedZero(x.times(y).toDecimalPlaces(6, ROUND_HALF_UP).toFixed());
}

/** a - b exactly, as a plain decimal string without trailing zeros; '--' when either is invalid. */
export function subtract(a: NumericInput, b: NumericInput): string {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return PLACEHOLDER;
  return unsignedZero(x.minus(y).toFixed());
}

/** -1, 0 or 1 as a compares to b exactly; null when either is invalid. */
export function compareDecimal(a: NumericInput, b: NumericInput): -1 | 0 | 1 | null {
  const x = parse(a);
  const y = parse(b);
  return x && y ? (x.comparedTo(y) as -1 | 0 | 1) : null;
}
