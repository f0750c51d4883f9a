/**
 * Display formatting of amounts, dates and long identifiers without decimal arithmetic (docs/spec/product.md
 * section 9, "Display"): what the first page shows, which must not carry the decimal engine (issue #19's
 * budget). src/lib/format.ts adds the arithmetic and re-exports all of this; import from there
 * anywhere but the first page's modules.
 *
 * Amounts travel as decimal strings (docs/spec/design.md section 4), and the page only shows them: it rounds
 * the decimal a string spells, digit by digit, to the places asked for (`'1.000025'` to 5 places
 * half up is `'1.00003'`, a 30-digit amount keeps every digit), with no binary float and no
 * arithmetic library. Not through `Intl.NumberFormat`, which would do the same: its first use in a
 * page loads the browser's number-formatting data, 45-114 ms of main thread on a 2-vCPU host
 * (docs/decisions/decimal.md), inside the first page's start-up. Output is always plain notation,
 * a zero never shows a minus sign, and invalid or empty input renders as {@link PLACEHOLDER}.
 * format-text.test.ts checks every helper against decimal.js over thousands of random decimals.
 *
 * "Half up" below means a tie rounds away from zero (decimal.js's `ROUND_HALF_UP`), so `-0.000005`
 * becomes `-0.00001` just as `0.000005` becomes `0.00001`.
 */
import dayjs from 'dayjs';

/** What the UI shows in place of a value that is missing or not a number. */
export const PLACEHOLDER = '--';

/** A value as it comes from the API or a form: a decimal string, or a number. */
export type NumericInput = string | number | null | undefined;

// Plain decimal, optionally with an exponent (JavaScript prints tiny and huge numbers that way);
// not hexadecimal, `Infinity` or the empty string, which are not amounts.
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A decimal string or finite number as the decimal text it stands for; null for anything else. */
export function decimalText(value: NumericInput): string | null {
  // A number is the decimal it prints as (what decimal.js takes it for, too).
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

/** Half up (ties away from zero), toward zero, or toward minus infinity. */
type Rounding = 'halfUp' | 'trunc' | 'floor';

/** The most places a helper writes: more is a caller's mistake, refused rather than cut. */
const MAX_DECIMALS = 100;

/** Exponents beyond this are not amounts (and would spell that many zeros). */
const MAX_EXPONENT = 1000;

/**
 * Decimal text (as {@link decimalText} returns it) written with exactly `decimals` places, rounded
 * as asked, a zero without a sign; null for an exponent beyond {@link MAX_EXPONENT}. Exact at any
 * length: the digits are one BigInt, scaled by a power of ten, and the remainder decides the
 * rounding.
 */
function roundTo(text: string, decimals: number, rounding: Rounding): string | null {
  const [mantissa = '', exponent = '0'] = text.replace(/^[+-]/, '').split(/e/i);
  const [integer = '', fraction = ''] = mantissa.split('.');
  if (Math.abs(Number(exponent)) > MAX_EXPONENT) return null;
  // value x 10^decimals = digits x 10^shift
  const shift = decimals - fraction.length + Number(exponent);
  const digits = BigInt(`0${integer}${fraction}`);
  const unit = 10n ** BigInt(Math.max(-shift, 0));
  const rest = digits % unit;
  const negative = text.startsWith('-');
  const up = rounding === 'halfUp' ? rest * 2n >= unit : rounding === 'floor' && negative && rest > 0n;
  const units = (digits / unit) * 10n ** BigInt(Math.max(shift, 0)) + (up ? 1n : 0n);
  const padded = String(units).padStart(decimals + 1, '0');
  const at = padded.length - decimals;
  return `${negative && units > 0n ? '-' : ''}${padded.slice(0, at)}${decimals > 0 ? '.' : ''}${padded.slice(at)}`;
}

function checkPlaces(name: string, places: number, max = Number.POSITIVE_INFINITY): void {
  if (!Number.isInteger(places) || places < 0 || places > max) {
    throw new RangeError(`${name} must be an integer from 0 to ${max}, got ${places}`);
  }
}

function toPlaces(value: NumericInput, decimals: number, rounding: Rounding): string {
  checkPlaces('decimals', decimals, MAX_DECIMALS);
  const text = decimalText(value);
  return (text === null ? null : roundTo(text, decimals, rounding)) ?? PLACEHOLDER;
}

/**
 * SPEC: "fixed shows 5 decimals". Exactly 5 decimals, rounded half up at the 6th:
 * `'1.23'` -> `'1.23000'`, `'0.000005'` -> `'0.00001'`.
 */
export function toFixed5(value: NumericInput): string {
  return toPlaces(value, 5, 'halfUp');
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
  return toPlaces(value, decimals, 'halfUp');
}

/**
 * Every digit of a decimal written out without an exponent (to at most {@link MAX_DECIMALS}
 * places, half up beyond), no trailing zeros in the fraction; a negative zero keeps its sign, as
 * decimal.js writes it. Null for an exponent beyond {@link MAX_EXPONENT}.
 */
function plainText(text: string): string | null {
  const plain = roundTo(text, MAX_DECIMALS, 'halfUp')?.replace(/\.?0+$/, '') ?? null;
  return plain !== null && text.startsWith('-') && !plain.startsWith('-') ? `-${plain}` : plain;
}

/**
 * SPEC: "thousands separators added". Commas in the integer part only; the sign and the fraction
 * stay exactly as given (`'1234567.891'` -> `'1,234,567.891'`, `'1234.50'` -> `'1,234.50'`,
 * `'-1000'` -> `'-1,000'`). Compose it with the rounding helpers: `withThousands(truncate(x))`.
 * Exponent notation (`1e21`) is first written out in full.
 */
export function withThousands(value: NumericInput): string {
  const text = decimalText(value);
  if (text === null) return PLACEHOLDER;
  const plain = typeof value === 'string' && !/e/i.test(text) ? text : plainText(text);
  const match = plain === null ? null : /^([+-]?)(\d*)(.*)$/.exec(plain);
  if (match === null) return PLACEHOLDER;
  const [, sign = '', integer = '', rest = ''] = match;
  return sign + integer.replace(/\B(?=(?:\d{3})+$)/g, ',') + rest;
}

const TIMESTAMP_TEXT = /^[+-]?\d+(?:\.\d*)?$/;

/**
 * Unix milliseconds for a timestamp given as a number or numeric string. SPEC: "10-digit
 * timestamps treated as seconds": an integer part of exactly 10 digits is seconds (2001-09-09 to
 * 2286-11-20); any other length is milliseconds, as the API sends (docs/spec/design.md section 4).
 */
function toMillis(timestamp: NumericInput): number | null {
  const text = typeof timestamp === 'number' ? String(timestamp) : (timestamp ?? '').trim();
  if (typeof timestamp === 'number' ? !Number.isFinite(timestamp) : !TIMESTAMP_TEXT.test(text)) return null;
  const integerDigits = roundTo(text.replace(/^[+-]/, ''), 0, 'trunc')?.length;
  // Seconds become milliseconds by the exponent (exact: the point moves, no float is involved).
  // Ten digits never print with an exponent of their own.
  const scaled = integerDigits === 10 ? `${text}e3` : text;
  // Floor: toward zero for positive values, away from it for negative ones.
  const millis = Number(roundTo(scaled, 0, 'floor') ?? Number.NaN);
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

/**
 * A calendar day as the server names it (`2026-11-28`: a mining day, a cycle's first and last day)
 * in the SPEC's `yyyy/MM/dd`. A day is not a moment, so no time zone moves it. Else `'--'`.
 */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[1]}/${match[2]}/${match[3]}` : PLACEHOLDER;
}

/** {@link formatDate} with the time of day: `YYYY/MM/DD HH:mm:ss`, local time. */
export function formatDateTime(timestamp: NumericInput): string {
  return formatDate(timestamp, 'YYYY/MM/DD HH:mm:ss');
}

/**
 * {@link formatDateTime} in UTC, for a page written before the reader's time zone is known (the
 * server's first screen, src/components/When.tsx): the same text on every server.
 */
export function formatDateTimeUtc(timestamp: NumericInput): string {
  const millis = toMillis(timestamp);
  if (millis === null) return PLACEHOLDER;
  const date = new Date(millis);
  if (Number.isNaN(date.getTime())) return PLACEHOLDER;
  // 2026-11-27T07:30:05.000Z -> 2026/11/27 07:30:05
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
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
