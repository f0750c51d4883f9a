import { describe, expect, test } from 'vitest';
import { defaultMoments } from './clock-moments.ts';

describe('the moments of npm run test:clocks', () => {
  test('from a Saturday in November 2026: the next weekend, DST start and year end', () => {
    const moments = defaultMoments(Date.UTC(2026, 10, 28, 0, 3)).map(([, at]) => at);
    expect(moments).toEqual([
      '2026-12-05T12:00:00.000Z',
      '2026-11-29T20:00:00.000Z',
      '2027-03-14T06:55:00.000Z',
      '2026-12-31T23:58:00.000Z',
    ]);
  });

  test('every moment is ahead of the wall clock, whatever the day; each lands on its weekday', () => {
    for (let now = Date.UTC(2026, 0, 1); now < Date.UTC(2029, 0, 1); now += 13 * 3_600_000) {
      const [saturday, sunday, dst, newYear] = defaultMoments(now).map(([, at]) => Date.parse(at));
      for (const at of [saturday, sunday, dst, newYear]) expect(at ?? 0).toBeGreaterThan(now);
      expect(new Date(saturday ?? 0).getUTCDay()).toBe(6);
      expect(new Date(sunday ?? 0).getUTCDay()).toBe(0);
      // Five minutes before 07:00 UTC on a Sunday in March, between the 8th and the 14th.
      const d = new Date(dst ?? 0);
      expect([d.getUTCMonth(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes()]).toEqual([2, 0, 6, 55]);
      expect(d.getUTCDate()).toBeGreaterThanOrEqual(8);
      expect(d.getUTCDate()).toBeLessThanOrEqual(14);
      expect(new Date(newYear ?? 0).toISOString().slice(4)).toBe('-12-31T23:58:00.000Z');
    }
  });
});
