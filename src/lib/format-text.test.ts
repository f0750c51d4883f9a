/**
 * The display helpers round decimal strings digit by digit; decimal.js (the arithmetic library,
 * src/lib/format.ts) is the reference they must agree with on every input, including the ties, the
 * carries, the long amounts and the exponents where a binary float would be wrong.
 */
import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { ROUND_DOWN, ROUND_HALF_UP } from '../../protocol/money.ts';
import { type Dec, parseDecimal } from './format.ts';
import {
  decimalSign,
  fixNumber,
  formatDate,
  formatDay,
  PLACEHOLDER,
  toFixed5,
  truncate,
  withThousands,
} from './format-text.ts';

/** The value as the decimal engine holds it (format.ts's parse). */
const big = (value: string | number): Dec => {
  const parsed = parseDecimal(value);
  if (!parsed) throw new Error(`not a decimal: ${value}`);
  return parsed;
};
/** The engine's fixed places (0: cut toward zero, 1: half up), a zero without its minus sign. */
const reference = (value: string, decimals: number, rounding: 0 | 1) =>
  big(value)
    .toFixed(decimals, rounding === 0 ? ROUND_DOWN : ROUND_HALF_UP)
    .replace(/^-(0(?:\.0*)?)$/, '$1');

/** A deterministic stream of pseudo-random numbers in [0, 1) (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random decimal text: a sign, up to 24 integer and 24 fraction digits, ties, sometimes an exponent. */
function decimals(count: number, seed: number): string[] {
  const next = random(seed);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  return Array.from({ length: count }, () => {
    const sign = ['', '-', '+'][Math.floor(next() * 3)] ?? '';
    const integer = digits(Math.floor(next() * 25)) || '0';
    // A fraction ending in 5 makes ties at some number of places; 9s make carries.
    const tail = ['', '5', '9999', '50000'][Math.floor(next() * 4)] ?? '';
    const fraction = digits(Math.floor(next() * 20)) + tail;
    const exponent = next() < 0.15 ? `e${Math.floor(next() * 30) - 15}` : '';
    return `${sign}${integer}${fraction ? `.${fraction}` : ''}${exponent}`;
  });
}

describe('display formatting agrees with the decimal engine', () => {
  const values = decimals(3000, 19);

  test('fixNumber and toFixed5 round half up, truncate cuts, at every number of places', () => {
    const next = random(7);
    for (const value of values) {
      const places = Math.floor(next() * 19);
      expect(fixNumber(value, places), `${value} to ${places}`).toBe(reference(value, places, 1));
      expect(truncate(value, places), `${value} cut to ${places}`).toBe(reference(value, places, 0));
      expect(toFixed5(value), value).toBe(reference(value, 5, 1));
    }
  });

  test('withThousands writes exponents out and groups the integer part only', () => {
    for (const value of values) {
      const plain = /e/i.test(value) ? big(value).toFixed() : value;
      const [, sign = '', integer = '', rest = ''] = /^([+-]?)(\d*)(.*)$/.exec(plain) ?? [];
      const grouped = sign + integer.replace(/\B(?=(?:\d{3})+$)/g, ',') + rest;
      expect(withThousands(value), value).toBe(grouped);
    }
  });

  test('numbers are the decimals they print as', () => {
    const next = random(3);
    for (let i = 0; i < 1000; i += 1) {
      const value = (next() - 0.5) * 10 ** Math.floor(next() * 30 - 10);
      expect(fixNumber(value, 8), String(value)).toBe(reference(String(value), 8, 1));
      expect(withThousands(value), String(value)).toBe(withThousands(big(value).toFixed()));
    }
  });

  test('decimalSign is the sign the decimal engine compares to zero with', () => {
    for (const value of [...values, '0', '-0', '+0.000', '-0e5', '0.0001e-3']) {
      expect(decimalSign(value), value).toBe(big(value).comparedTo(0));
    }
    for (const invalid of ['', 'abc', '0x10', 'Infinity', null, undefined, Number.NaN]) {
      expect(decimalSign(invalid)).toBeNull();
    }
  });

  const FULL = 'YYYY-MM-DD HH:mm:ss.SSS';

  test('timestamps: ten integer digits are seconds, floored exactly to milliseconds', () => {
    const next = random(11);
    for (let i = 0; i < 500; i += 1) {
      const seconds = `${1_000_000_000 + Math.floor(next() * 8_999_999_999)}`.slice(0, 10);
      const fraction = next() < 0.5 ? `.${Math.floor(next() * 1e6)}` : '';
      const text = `${seconds}${fraction}`;
      const millis = big(text).times(1000).toDecimalPlaces(0, ROUND_DOWN).toNumber();
      expect(formatDate(text, 'YYYY-MM-DD HH:mm:ss.SSS'), text).toBe(
        dayjs(millis).format('YYYY-MM-DD HH:mm:ss.SSS'),
      );
      const ms = `${1e12 + Math.floor(next() * 3e12)}`;
      expect(formatDate(ms, FULL), ms).toBe(dayjs(Number(ms)).format(FULL));
    }
    // Floored, also below zero; an exponent is not a timestamp.
    expect(formatDate('-1.5', FULL)).toBe(dayjs(-2).format(FULL));
    expect(formatDate('1e3', FULL)).toBe(PLACEHOLDER);
  });

  test('more than 100 places are refused, not silently cut; exponents beyond 1,000 are not amounts', () => {
    expect(() => fixNumber('1', 101)).toThrow(RangeError);
    expect(fixNumber('1', 100)).toBe(`1.${'0'.repeat(100)}`);
    expect(truncate('1e1000', 0)).toBe(`1${'0'.repeat(1000)}`);
    expect(truncate('-1e-1000', 2)).toBe('0.00');
    expect(truncate('1e1001')).toBe(PLACEHOLDER);
    expect(withThousands('1e-1001')).toBe(PLACEHOLDER);
  });

  test('a carry runs through every nine, and a negative zero loses its sign', () => {
    expect(fixNumber('999.995', 2)).toBe('1000.00');
    expect(fixNumber('-9.9999996', 6)).toBe('-10.000000');
    expect(toFixed5('0.000009')).toBe('0.00001');
    expect(toFixed5('-0.000004')).toBe('0.00000');
    expect(truncate('-0.009')).toBe('0.00');
    expect(fixNumber('0e-7', 3)).toBe('0.000');
  });
});

describe('formatDay', () => {
  test('a server day reads as yyyy/MM/dd, in every time zone (a day is not a moment)', () => {
    expect(formatDay('2026-11-28')).toBe('2026/11/28');
    expect(formatDay('2026-01-01')).toBe('2026/01/01');
  });

  test('anything else is the placeholder', () => {
    for (const bad of ['', null, undefined, '2026-1-1', '2026/11/28', '2026-11-28T00:00:00Z']) {
      expect(formatDay(bad), String(bad)).toBe(PLACEHOLDER);
    }
  });
});
