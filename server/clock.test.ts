import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CLOCK_OFFSET_VARIABLE, clockOffsetMs, offsetTo, shiftClock, unshiftedDate } from './clock.ts';

// Under a moved run (MERIDIAN_CLOCK_OFFSET_MS) this process's Date is moved already.
const RunDate = globalThis.Date;
const RealDate = unshiftedDate();
const DAY = 86_400_000;

describe('the process clock moved by an offset', () => {
  beforeEach(() => {
    globalThis.Date = RealDate;
  });
  afterEach(() => {
    globalThis.Date = RunDate;
  });

  test('now and new Date() move by the offset and keep moving; explicit moments stay', () => {
    const before = RealDate.now();
    shiftClock(3 * DAY);
    const shifted = Date.now();
    expect(shifted - before).toBeGreaterThanOrEqual(3 * DAY);
    expect(shifted - before).toBeLessThan(3 * DAY + 5_000);
    // biome-ignore lint/complexity/useDateNow: what is tested is that new Date() itself is shifted
    expect(new Date().getTime()).toBeGreaterThanOrEqual(shifted);
    expect(new Date(0).getTime()).toBe(0);
    expect(new Date('2026-12-31T23:58:00Z').toISOString()).toBe('2026-12-31T23:58:00.000Z');
    expect(new Date(2026, 0, 1).getFullYear()).toBe(2026);
    expect(Date.UTC(2026, 11, 31)).toBe(RealDate.UTC(2026, 11, 31));
    expect(Date.parse('2026-03-29T01:00:00Z')).toBe(RealDate.parse('2026-03-29T01:00:00Z'));
    // Called without new, Date answers the moved moment as a string, as the real one does.
    expect((Date as unknown as () => string)()).toBe(new RealDate(Date.now()).toString());
  });

  test('instanceof holds for dates made before and after, and subclasses still construct', () => {
    const old = new RealDate();
    shiftClock(-DAY);
    expect(old instanceof Date).toBe(true);
    expect(new Date() instanceof Date).toBe(true);
    expect(new Date() instanceof RealDate).toBe(true);
    class Stamp extends Date {
      label() {
        return 'stamp';
      }
    }
    const stamp = new Stamp(5);
    expect(stamp.getTime()).toBe(5);
    expect(stamp.label()).toBe('stamp');
  });

  test('shifting twice shifts once; an offset of zero changes nothing', () => {
    shiftClock(0);
    expect(globalThis.Date).toBe(RealDate);
    shiftClock(DAY);
    const once = globalThis.Date;
    shiftClock(DAY);
    expect(globalThis.Date).toBe(once);
    expect(Date.now() - RealDate.now()).toBeGreaterThanOrEqual(DAY - 5);
    expect(Date.now() - RealDate.now()).toBeLessThan(DAY + 5_000);
  });

  test('the offset comes from the environment, and offsetTo makes the clock read a moment', () => {
    expect(clockOffsetMs({ [CLOCK_OFFSET_VARIABLE]: '-86400000' })).toBe(-DAY);
    expect(clockOffsetMs({})).toBe(0);
    expect(clockOffsetMs({ [CLOCK_OFFSET_VARIABLE]: 'soon' })).toBe(0);
    const real = RealDate.parse('2026-11-28T00:00:00Z');
    expect(offsetTo('2026-12-05T12:00:00Z', real)).toBe(7.5 * DAY);
    expect(() => offsetTo('Saturday')).toThrow('not a moment');
  });
});
