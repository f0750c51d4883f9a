import { describe, expect, it } from 'vitest';
import { describeFreshPageCost, freshPageCost, microsPerPage, touchFreshPages } from './host-memory.ts';

describe("the host's cost of fresh memory", () => {
  it('divides the time by the pages touched', () => {
    expect(microsPerPage(2_000_000n, 1000)).toBe(2);
    expect(microsPerPage(5n, 0)).toBe(0);
  });

  it('measures a positive cost per page on this machine', () => {
    const once = touchFreshPages(8);
    expect(once).toBeGreaterThan(0);
    expect(Number.isFinite(once)).toBe(true);
    expect(freshPageCost(3, 8)).toBeGreaterThan(0);
  });

  it('says the cost in microseconds, to two places below ten', () => {
    expect(describeFreshPageCost(0.384)).toBe('fresh memory 0.38 µs a page');
    expect(describeFreshPageCost(12.345)).toBe('fresh memory 12.3 µs a page');
  });
});
