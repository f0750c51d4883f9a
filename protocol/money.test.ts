import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { div, mul, q, toPlaces } from '../tests/helpers/rational.ts';
import {
  add,
  cmp,
  compare,
  dec,
  exact,
  fmt,
  fractionDown,
  isDecimalString,
  maxOf,
  minOf,
  mulDown,
  roundDown,
  roundUp,
  scaleOf,
  sub,
  trimNumeric,
} from './money.ts';

describe('money arithmetic', () => {
  test('credits round down and fees round up at the coin precision', () => {
    expect(roundDown('1.23456789', 6)).toBe('1.234567');
    expect(roundUp('1.23456701', 6)).toBe('1.234568');
    expect(roundDown('0.0000009', 6)).toBe('0');
    expect(roundUp('0.0000001', 6)).toBe('0.000001');
    expect(roundDown('-1.5', 0)).toBe('-1');
  });

  test('exact at the full NUMERIC(38,18) range: no float ever', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add('99999999999999999999.999999999999999999', '0.000000000000000001')).toBe(
      '100000000000000000000',
    );
    expect(sub('1', '0.000000000000000001')).toBe('0.999999999999999999');
    expect(fmt(dec(1e-18))).toBe('0.000000000000000001');
    expect(cmp('10.000001', '10')).toBe(1);
  });

  test('stored NUMERIC text is trimmed exactly as fmt formats it', () => {
    for (const text of [
      '67234.500000000000000000',
      '2.000000000000000000',
      '0.000000000000000001',
      '0.000000000000000000',
      '-0.000000000000000000',
      '100',
      '1000.100100000000000000',
      '-12.340000000000000000',
    ]) {
      expect(trimNumeric(text), text).toBe(fmt(dec(text)));
    }
  });

  test('only plain decimal strings are amounts', () => {
    for (const ok of ['0', '1', '-1.5', '123.000000000000000001']) expect(isDecimalString(ok), ok).toBe(true);
    for (const bad of ['', '1e5', '01', '.5', '1.', '1,000', 'NaN', '1.0000000000000000001', ' 1']) {
      expect(isDecimalString(bad), bad).toBe(false);
    }
    expect(scaleOf('1.2300')).toBe(2);
    expect(() => dec('1e5')).toThrow();
  });
});

/** An amount NUMERIC(38, 18) holds: up to 20 integer digits and 18 decimals. */
const amount = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 38n - 1n }), fc.integer({ min: 0, max: 18 }))
  .map(([units, places]) => {
    const digits = units.toString().padStart(places + 1, '0');
    const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
    return text.length - (places ? 1 : 0) - places > 20 ? text.slice(text.length - 39 + places) : text;
  })
  .filter((text) => isDecimalString(text.replace(/^0+(?=\d)/, '')))
  .map((text) => text.replace(/^0+(?=\d)/, ''));

describe('the exact rules agree with rationals', () => {
  test('mulDown is the exact product, cut toward zero, at every precision', () => {
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 0, max: 18 }), (a, b, places) => {
        expect(mulDown(a, b, places)).toBe(toPlaces(mul(q(a), q(b)), places, 'down'));
      }),
      { numRuns: 2000 },
    );
  });

  test('fractionDown is a x n / d cut toward zero, never pushed over a unit boundary', () => {
    fc.assert(
      fc.property(
        amount,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 18 }),
        (a, n, d, places) => {
          expect(fractionDown(a, n, d, places)).toBe(toPlaces(div(mul(q(a), q(n)), q(d)), places, 'down'));
        },
      ),
      { numRuns: 2000 },
    );
    // One unit short of a whole: a 40-digit half-up engine would round the quotient up to 1.
    expect(fractionDown('2.999999999999999999', 1, 3, 18)).toBe('0.999999999999999999');
  });

  test('a product of three full-width amounts is exact before its one rounding', () => {
    const big = '99999999999999999999.999999999999999999';
    const product = exact(big).times(big).times(big);
    expect(product.toFixed()).toBe(toPlaces(mul(mul(q(big), q(big)), q(big)), 54, 'down'));
  });

  test('compare, minOf and maxOf order signed amounts', () => {
    expect(compare('-1', '0.5')).toBe(-1);
    expect(compare('2.50', '2.5')).toBe(0);
    expect(minOf('10', '9.99', '100')).toBe('9.99');
    expect(maxOf('-3', '-2.5', '-10')).toBe('-2.5');
  });
});
