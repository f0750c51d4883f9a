import { describe, expect, it } from 'vitest';
import { cpuMultiplier, medianOf, multiplierFlag } from './lighthouse-calibrate.ts';

describe('the CPU multiplier calibrated to the host', () => {
  it('is 4 up to an index of 2,000 and index / 500 above, to one decimal', () => {
    expect(cpuMultiplier(1390)).toBe(4);
    expect(cpuMultiplier(2000)).toBe(4);
    expect(cpuMultiplier(2400)).toBe(4.8);
    expect(cpuMultiplier(3700)).toBe(7.4);
    expect(cpuMultiplier(3851)).toBe(7.7);
  });

  it('falls back to Lighthouse’s 4 when nothing was measured', () => {
    expect(cpuMultiplier(0)).toBe(4);
    expect(cpuMultiplier(Number.NaN)).toBe(4);
  });

  it('takes the median of the measurements and passes it to Lighthouse CI', () => {
    expect(medianOf([3560, 2200, 3851])).toBe(3560);
    expect(medianOf([2000, 3000])).toBe(2500);
    expect(multiplierFlag(7.4)).toBe('--settings.throttling.cpuSlowdownMultiplier=7.4');
  });
});
