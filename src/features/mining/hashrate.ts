import { fromUnits, INPUT_SCALE, toUnits } from '../../../protocol/units.ts';

const UNITS = ['TH/s', 'GH/s', 'MH/s'] as const;

/**
 * A hashrate kept in TH/s, shown in the unit its machine class is quoted in: Scrypt machines in
 * GH/s (16 GH/s, not 0.016 TH/s). Exact: the digits move, nothing is rounded.
 */
export function hashrateText(th: string): { value: string; unit: (typeof UNITS)[number] } {
  let units = toUnits(th, INPUT_SCALE);
  const one = 10n ** BigInt(INPUT_SCALE);
  let step = 0;
  while (units !== 0n && units < one && step < UNITS.length - 1) {
    units *= 1000n;
    step += 1;
  }
  return { value: fromUnits(units, INPUT_SCALE), unit: UNITS[step] as (typeof UNITS)[number] };
}

/** Power efficiency in the unit that matches: J/TH, J/GH or J/MH, to 2 decimals. */
export function efficiencyText(jPerTh: string, hashrateTh: string): string {
  const { unit } = hashrateText(hashrateTh);
  const shift = unit === 'TH/s' ? 1n : unit === 'GH/s' ? 1000n : 1_000_000n;
  // Shown to 2 decimals, rounded down like every figure the app computes.
  const value = fromUnits(toUnits(jPerTh, INPUT_SCALE) / shift / 10n ** BigInt(INPUT_SCALE - 2), 2);
  return `${value} J/${unit.slice(0, 2)}`;
}
