/**
 * The reference model's own arithmetic: signed decimals as BigInt units of 10^-18, written apart
 * from protocol/units.ts and the server's decimal.js on purpose, so that a rounding mistake there
 * shows up as a divergence instead of being shared by the model.
 */
export const SCALE = 10n ** 18n;

export function parse(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  if (fraction.length > 18 || !/^\d+$/.test(whole) || !/^\d*$/.test(fraction))
    throw new Error(`model: not a decimal: ${text}`);
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(18, '0'));
  return negative ? -units : units;
}

/** Units as the shortest decimal string ("1.5", "-0.000001", "0"). */
export function show(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  return `${negative && abs !== 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** a x b, exact when the product has at most 18 decimals (the model's amounts do). */
export function times(a: bigint, b: bigint): bigint {
  const product = a * b;
  if (product % SCALE !== 0n) throw new Error('model: a product needs more than 18 decimals');
  return product / SCALE;
}

const STEP6 = 10n ** 12n;

/** units / divisor (a whole number), rounded up at 6 decimals; units never negative. */
export function ceil6(units: bigint, divisor = 1n): bigint {
  if (units < 0n || divisor <= 0n) throw new Error('model: ceil6 of a negative amount');
  const step = STEP6 * divisor;
  return ((units + step - 1n) / step) * STEP6;
}

/** Rounded toward zero at 6 decimals. */
export function trunc6(units: bigint): bigint {
  return (units / STEP6) * STEP6;
}
