/**
 * Exact arithmetic on non-negative decimal strings, on integers (BigInt) scaled by a power of ten:
 * what the client's live estimates and the server's promises compute with, so both agree to the
 * last unit (docs/staking.md, docs/mining.md).
 */

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The scale every comparison works at: the most decimals any coin or input may have. */
export const INPUT_SCALE = 18;

/** `value` as an integer count of 10^-scale; throws when it has more decimals than `scale`. */
export function toUnits(value: string, scale: number): bigint {
  if (!DECIMAL.test(value)) throw new Error(`not a non-negative decimal: "${value}"`);
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) throw new Error(`"${value}" has more than ${scale} decimals`);
  return BigInt(whole + trimmed.padEnd(scale, '0'));
}

/** An integer count of 10^-scale as a plain decimal string without trailing zeros. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function compareUnits(a: string, b: string): -1 | 0 | 1 {
  const x = toUnits(a, INPUT_SCALE);
  const y = toUnits(b, INPUT_SCALE);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function minOf(...values: string[]): string {
  return values.reduce((m, x) => (compareUnits(x, m) < 0 ? x : m));
}

/** a x b, rounded down to `precision` decimals. */
export function mulDown(a: string, b: string, precision: number): string {
  const product = toUnits(a, INPUT_SCALE) * toUnits(b, INPUT_SCALE);
  return fromUnits(product / 10n ** BigInt(2 * INPUT_SCALE - precision), precision);
}

/** a x n / d for whole n and d, rounded down to `precision` decimals. */
export function fractionDown(a: string, n: number, d: number, precision: number): string {
  if (!Number.isInteger(n) || !Number.isInteger(d) || n < 0 || d <= 0)
    throw new Error(`bad fraction ${n}/${d}`);
  const units = (toUnits(a, INPUT_SCALE) * BigInt(n)) / BigInt(d);
  return fromUnits(units / 10n ** BigInt(INPUT_SCALE - precision), precision);
}

/** a + b, exactly. */
export function addUnits(a: string, b: string): string {
  return fromUnits(toUnits(a, INPUT_SCALE) + toUnits(b, INPUT_SCALE), INPUT_SCALE);
}
