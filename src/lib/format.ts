/**
 * Display formatting for amounts, dates and long identifiers (SPEC.md section 9, "Display").
 *
 * Amounts travel as decimal strings (DESIGN.md section 4), so every numeric helper here works in
 * exact decimal arithmetic (big.js, docs/decisions/big-js.md), never in binary floats: `0.1 * 0.2`
 * is `0.02`, not `0.020000000000000004`. Output is always plain notation (no `1e-7`, no `1e+21`),
 * and a zero never shows a minus sign. Invalid or empty input renders as {@link PLACEHOLDER}.
 *
 * "Half up" below means big.js `roundHalfUp`: a tie rounds away from zero, so `-0.000005` becomes
 * `-0.00001` just as `0.000005` becomes `0.00001`.
 */
import Big from 'big.js';
import dayjs from 'dayjs';

/** What the UI shows in place of a value that is missing or not a number. */
export const PLACEHOLDER = '--';

/** A value as it comes from the API or a form: a decimal string, or a number. */
export type NumericInput = string | number | null | undefined;

// Own constructor, so nothing else that uses big.js can change ours. Sums, differences and
// products are always exact in big.js; only division rounds, to DIVISION_PLACES decimals, which is
// far beyond anything shown. `toFixed` never uses exponential notation.
const Dec = Big();
Dec.DP = 30;
Dec.RM = 1;
export type Dec = Big;

/** big.js rounding modes by name (its `Big.roundDown` etc. are type-only constants). */
export const ROUND_DOWN = 0;
export const ROUND_HALF_UP = 1;
export const ROUND_UP = 3;
type Rounding = typeof ROUND_DOWN | typeof ROUND_HALF_UP | typeof ROUND_UP;

// Plain decimal, optionally with an exponent (JavaScript prints tiny and huge numbers that way).
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A decimal string or finite number as an exact decimal; null for anything else. */
export function parseDecimal(value: NumericInput): Dec | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Dec(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // big.js takes no leading '+'.
  return DECIMAL_TEXT.test(text) ? new Dec(text.startsWith('+') ? text.slice(1) : text) : null;
}

const parse = parseDecimal;

function checkPlaces(name: string, places: number): void {
  if (!Number.isInteger(places) || places < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${places}`);
  }
}

/** `-0.00` is shown as `0.00`: a value that rounds to zero has no sign. */
function unsignedZero(text: string): string {
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

function toPlaces(value: NumericInput, decimals: number, rounding: Rounding): string {
  checkPlaces('decimals', decimals);
  const parsed = parse(value);
  return parsed === null ? PLACEHOLDER : unsignedZero(parsed.toFixed(decimals, rounding));
}

/**
 * SPEC: "fixed shows 5 decimals". Exactly 5 decimals, rounded half up at the 6th:
 * `'1.23'` -> `'1.23000'`, `'0.000005'` -> `'0.00001'`.
 */
export function toFixed5(value: NumericInput): string {
  return toPlaces(value, 5, ROUND_HALF_UP);
}

/**
 * SPEC: "truncate ... default 2 decimals". Cuts toward zero, never rounds, then pads with zeros:
 * `'1.239'` -> `'1.23'`, `'-1.239'` -> `'-1.23'`, `'5'` -> `'5.00'`.
 * Use it where showing more than there is would mislead (balances, available amounts).
 */
export function truncate(value: NumericInput, decimals = 2): string {
  return toPlaces(value, decimals, ROUND_DOWN);
}

/**
 * SPEC: "fix-number default 2 decimals". Like {@link truncate} (same default, same zero padding)
 * except that it rounds half up instead of cutting: `'1.235'` -> `'1.24'` where truncate gives
 * `'1.23'`.
 */
export function fixNumber(value: NumericInput, decimals = 2): string {
  return toPlaces(value, decimals, ROUND_HALF_UP);
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
  return unsignedZero(x.times(y).round(6, ROUND_HALF_UP).toFixed());
}

/**
 * SPEC: "thousands separators added". Commas in the integer part only; the sign and the fraction
 * stay exactly as given (`'1234567.891'` -> `'1,234,567.891'`, `'1234.50'` -> `'1,234.50'`,
 * `'-1000'` -> `'-1,000'`). Compose it with the rounding helpers: `withThousands(truncate(x))`.
 * Exponent notation (`1e21`) is first written out in full.
 */
export function withThousands(value: NumericInput): string {
  const parsed = parse(value);
  if (parsed === null) return PLACEHOLDER;
  const text = typeof value === 'string' && !/e/i.test(value) ? value.trim() : parsed.toFixed();
  const match = /^([+-]?)(\d*)(.*)$/.exec(text);
  if (match === null) return PLACEHOLDER;
  const [, sign = '', integer = '', rest = ''] = match;
  return sign + integer.replace(/\B(?=(?:\d{3})+$)/g, ',') + rest;
}

const TIMESTAMP_TEXT = /^[+-]?\d+(?:\.\d*)?$/;

/**
 * Unix milliseconds for a timestamp given as a number or numeric string. SPEC: "10-digit
 * timestamps treated as seconds": an integer part of exactly 10 digits is seconds (2001-09-09 to
 * 2286-11-20); any other length is milliseconds, as the API sends (DESIGN.md section 4).
 */
function toMillis(timestamp: NumericInput): number | null {
  const text = typeof timestamp === 'number' ? String(timestamp) : (timestamp ?? '').trim();
  if (typeof timestamp === 'number' ? !Number.isFinite(timestamp) : !TIMESTAMP_TEXT.test(text)) return null;
  const value = parseDecimal(text);
  if (value === null) return null;
  const digits = value.abs().round(0, ROUND_DOWN).toFixed().length;
  const scaled = digits === 10 ? value.times(1000) : value;
  // Floor: toward zero for positive values, away from it for negative ones.
  const millis = scaled.round(0, scaled.lt(0) ? ROUND_UP : ROUND_DOWN).toNumber();
  return Number.isSafeInteger(millis) ? millis : null;
}

/**
 * SPEC: "dates default yyyy/MM/dd", "10-digit timestamps treated as seconds". `pattern` uses
 * dayjs tokens (`YYYY/MM/DD` is the SPEC's `yyyy/MM/dd`). Shown in the device's local time zone,
 * which is what a user reading their own records expects. Invalid input -> `'--'`.
 */
export function formatDate(timestamp: NumericInput, pattern = 'YYYY/MM/DD'): string {
  const millis = toMillis(timestamp);
  if (millis === null) return PLACEHOLDER;
  const date = dayjs(millis);
  return date.isValid() ? date.format(pattern) : PLACEHOLDER;
}

/** {@link formatDate} with the time of day: `YYYY/MM/DD HH:mm:ss`, local time. */
export function formatDateTime(timestamp: NumericInput): string {
  return formatDate(timestamp, 'YYYY/MM/DD HH:mm:ss');
}

/**
 * When cached data was stored: `HH:mm` today, `YYYY/MM/DD HH:mm` on an earlier day, so "data
 * from 09:12" never hides that it is last week's. `now` is for tests.
 */
export function formatClock(timestamp: NumericInput, now: number = Date.now()): string {
  const millis = toMillis(timestamp);
  if (millis === null) return PLACEHOLDER;
  const sameDay = dayjs(millis).isSame(dayjs(now), 'day');
  return formatDate(millis, sameDay ? 'HH:mm' : 'YYYY/MM/DD HH:mm');
}

/** SPEC: strings up to this many characters are shown whole. */
const SHORTEN_LIMIT = 10;

/**
 * SPEC: "strings longer than 10 characters shortened with *** in the middle": the first `head`
 * and last `tail` characters around `***` (`'0x5290...69EE7'` -> `'0x52***9EE7'`); 10 characters
 * or fewer are returned unchanged. Counts Unicode code points, so an emoji is never cut in half.
 */
export function shorten(text: string, head = 4, tail = 4): string {
  checkPlaces('head', head);
  checkPlaces('tail', tail);
  const chars = Array.from(text);
  if (chars.length <= SHORTEN_LIMIT) return text;
  return `${chars.slice(0, head).join('')}***${chars.slice(chars.length - tail).join('')}`;
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
  return x && y ? (x.cmp(y) as -1 | 0 | 1) : null;
}
