import { describe, expect, test } from 'vitest';
import { countdownParts, percentOf } from './countdown.ts';

describe('IDO countdown and progress', () => {
  test('days and a clock, never negative', () => {
    expect(countdownParts(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(countdownParts(-5000)).toEqual({ days: 0, clock: '00:00:00' });
    expect(countdownParts(((2 * 24 + 3) * 3600 + 14 * 60 + 7) * 1000 + 999)).toEqual({
      days: 2,
      clock: '03:14:07',
    });
  });

  test('progress is floored and capped at 100', () => {
    expect(percentOf('0', '200000')).toBe(0);
    expect(percentOf('1', '3')).toBe(33.33);
    expect(percentOf('3000', '1000')).toBe(100);
    expect(percentOf('5', '0')).toBe(0);
  });
});
