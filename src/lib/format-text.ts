/**
 * Display formatting of amounts, dates and long identifiers without decimal arithmetic (SPEC.md
 * section 9, "Display"): what the first page shows, which must not carry big.js (issue #19's
 * budget). src/lib/format.ts adds the arithmetic and re-exports all of this; import from there
 * anywhere but the first page's modules.
 *
 * Amounts travel as decimal strings (DESIGN.md section 4). `Intl.NumberFormat` formats a string as
 * the exact decimal it spells (ECMA-402 NumberFormat v3: Chrome and Edge 106, Safari 15.4,
 * Firefox 116), rounding the way it is asked to, so `'1.000025'` to 5 places half up is
 * `'1.00003'` and a 30-digit amount keeps every digit: no binary float is involved, and no
 * rounding is written by hand. Output is always plain notation, a zero never shows a minus sign,
 * and invalid or empty input renders as {@link PLACEHOLDER}. format-text.test.ts checks every
 * helper against big.js over random decimals.
 *
 * "Half up" below means a tie rounds away from zero (Intl's `halfExpand`, big.js's `roundHalfUp`),
 * so `-0.000005` becomes `-0.00001` just as `0.000005` becomes `0.00001`.
 */
import dayjs from 'dayjs';

/** What the UI shows in place of a value that is missing or not a number. */
export const PLACEHOLDER = '--';

/** A value as it comes from the API or a form: a decimal string, or a number. */
export type NumericInput = string | number | null | undefined;

// Plain decimal, optionally with an exponent (JavaScript prints tiny and huge numbers that way).
// Intl would also read hexadecimal, `Infinity` and the empty string, which are not amounts.
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A decimal string or finite number as the decimal text it stands for; null for anything else. */
export function decimalText(value: NumericInput): string | null {
  // A number is the decimal it prints as (what big.js takes it for, too).
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return DECIMAL_TEXT.test(text) ? text : null;
}

/** -1, 0 or 1 by the sign of a decimal (`'-0.00'` is 0); null for anything else. */
export function decimalSign(value: NumericInput): -1 | 0 | 1 | null {
  const text = decimalText(value);
  if (text === null) return null;
  // The mantissa's digits decide whether it is zero; the exponent cannot make it so.
  if (!/[1-9]/.test(text.replace(/e.*$/i, ''))) return 0;
  return text.startsWith('-') ? -1 : 1;
}

type Rounding = 'halfExpand' | 'trunc' | 'floor';

/** Intl allows at most this many fraction digits. */
const MAX_DECIMALS = 100;

const formats = new Map<string, Intl.NumberFormat>();
/** A formatter of exactly `decimals` places, plain notation, no grouping, no sign on a zero. */
function fixedFormat(decimals: number, rounding: Rounding): Intl.NumberFormat {
  const key = `${decimals}/${rounding}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: rounding,
      useGrouping: false,
      signDisplay: 'negative',
    });
    formats.set(key, format);
  }
  return format;
}

function checkPlaces(name: string, places: number, max = Number.POSITIVE_INFINITY): void {
  if (!Number.isInteger(places) || places < 0 || places > max) {
    throw new RangeError(`${name} must be an integer from 0 to ${max}, got ${places}`);
  }
}

function toPlaces(value: NumericInput, decimals: number, rounding: Rounding): string {
  checkPlaces('decimals', decimals, MAX_DECIMALS);
  const text = decimalText(value);
  return text === null
    ? PLACEHOLDER
    : fixedFormat(decimals, rounding).format(text as Intl.StringNumericLiteral);
}

/**
 * SPEC: "fixed shows 5 decimals". Exactly 5 decimals, rounded half up at the 6th:
 * `'1.23'` -> `'1.23000'`, `'0.000005'` -> `'0.00001'`.
 */
export function toFixed5(value: NumericInput): string {
  return toPlaces(value, 5, 'halfExpand');
}

/**
 * SPEC: "truncate ... default 2 decimals". Cuts toward zero, never rounds, then pads with zeros:
 * `'1.239'` -> `'1.23'`, `'-1.239'` -> `'-1.23'`, `'5'` -> `'5.00'`.
 * Use it where showing more than there is would mislead (balances, available amounts).
 */
export function truncate(value: NumericInput, decimals = 2): string {
  return toPlaces(value, decimals, 'trunc');
}

/**
 * SPEC: "fix-number default 2 decimals". Like {@link truncate} (same default, same zero padding)
 * except that it rounds half up instead of cutting: `'1.235'` -> `'1.24'` where truncate gives
 * `'1.23'`.
 */
export function fixNumber(value: NumericInput, decimals = 2): string {
  return toPlaces(value, decimals, 'halfExpand');
}

// Every digit of a number written out (up to Intl's limit of fraction digits), as given otherwise.
const plainFormat = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: MAX_DECIMALS,
  useGrouping: false,
});

/**
 * SPEC: "thousands separators added". Commas in the integer part only; the sign and the fraction
 * stay exactly as given (`'1234567.891'` -> `'1,234,567.891'`, `'1234.50'` -> `'1,234.50'`,
 * `'-1000'` -> `'-1,000'`). Compose it with the rounding helpers: `withThousands(truncate(x))`.
 * Exponent notation (`1e21`) is first written out in full.
 */
export function withThousands(value: NumericInput): string {
  const text = decimalText(value);
  if (text === null) return PLACEHOLDER;
  const plain =
    typeof value === 'string' && !/e/i.test(text)
      ? text
      : plainFormat.format(text as Intl.StringNumericLiteral);
  const match = /^([+-]?)(\d*)(.*)$/.exec(plain);
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
  const integerDigits = fixedFormat(0, 'trunc').format(
    text.replace(/^[+-]/, '') as Intl.StringNumericLiteral,
  ).length;
  // Seconds become milliseconds by the exponent (exact: Intl reads `1700000000.5e3` as a decimal).
  // Ten digits never print with an exponent of their own.
  const scaled = integerDigits === 10 ? `${text}e3` : text;
  // Floor: toward zero for positive values, away from it for negative ones.
  const millis = Number(fixedFormat(0, 'floor').format(scaled as Intl.StringNumericLiteral));
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
