import { exact, fmt, ROUND_DOWN, rounded } from '../../../protocol/money.ts';

const UNITS = ['TH/s', 'GH/s', 'MH/s'] as const;

/**
 * A hashrate kept in TH/s, shown in the unit its machine class is quoted in: Scrypt machines in
 * GH/s (16 GH/s, not 0.016 TH/s). Exact: the digits move, nothing is rounded.
 */
export function hashrateText(th: string): { value: string; unit: (typeof UNITS)[number] } {
  let value = exact(th);
  let step = 0;
  while (!value.isZero() && value.lessThan(1) && step < UNITS.length - 1) {
    value = value.times(1000);
    step += 1;
  }
  return { value: fmt(value), unit: UNITS[step] as (typeof UNITS)[number] };
}

/** Power efficiency in the unit that matches: J/TH, J/GH or J/MH, to 2 decimals. */
export function efficiencyText(jPerTh: string, hashrateTh: string): string {
  const { unit } = hashrateText(hashrateTh);
  const shift = unit === 'TH/s' ? 1 : unit === 'GH/s' ? 1000 : 1_000_000;
  // Shown to 2 decimals, rounded down like every figure the app computes.
  const value = rounded(exact(jPerTh).dividedBy(shift), 2, ROUND_DOWN);
  return `${value} J/${unit.slice(0, 2)}`;
}
