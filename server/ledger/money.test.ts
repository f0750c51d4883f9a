import { describe, expect, test } from 'vitest';
import {
  add,
  cmp,
  dec,
  fmt,
  isDecimalString,
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
