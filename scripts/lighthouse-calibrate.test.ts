import { describe, expect, it } from 'vitest';
import { cpuMultiplier, medianOf, multiplierFlag, recalibrated } from './lighthouse-calibrate.ts';

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

  it('asks for the runs again when their own indexes call for another multiplier, either way', () => {
    // 2026-12-02, /home: calibrated at 2,938 (5.9); its runs measured a median of 2,111 (4.2).
    expect(recalibrated(5.9, [2696.5, 2360, 2111.5, 2037, 2000.5, 1946, 2116])).toBe(4.2);
    // A host that ran faster than it was calibrated: more throttling, not less.
    expect(recalibrated(4, [3300, 3200, 3500])).toBe(6.6);
    // Within 15 %: the calibration held.
    expect(recalibrated(5.2, [2422, 2514, 2571, 3294, 2216.5, 2451.5, 2667])).toBeNull();
    expect(recalibrated(4, [1868, 2100, 1975])).toBeNull();
    expect(recalibrated(4, [])).toBeNull();
  });
});
