/**
 * Exact rationals on native BigInt: the oracle that the money engine's rules (protocol/money.ts,
 * decimal.js) are checked against in tests. Nothing here rounds until `toPlaces` is asked to, so a
 * rule that rounds early, or in the wrong direction, disagrees with it.
 */
export interface Q {
  n: bigint;
  /** Always positive. */
  d: bigint;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function q(value: string | number | bigint): Q {
  if (typeof value === 'bigint') return { n: value, d: 1n };
  const text = typeof value === 'number' ? String(value) : value;
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`not a plain decimal: "${text}"`);
  const fraction = m[3] ?? '';
  const n = BigInt(`${m[2]}${fraction}`);
  return { n: m[1] ? -n : n, d: 10n ** BigInt(fraction.length) };
}

export const mul = (a: Q, b: Q): Q => ({ n: a.n * b.n, d: a.d * b.d });
export const add = (a: Q, b: Q): Q => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
export const sub = (a: Q, b: Q): Q => add(a, { n: -b.n, d: b.d });
export function div(a: Q, b: Q): Q {
  if (b.n === 0n) throw new Error('division by zero');
  const sign = b.n < 0n ? -1n : 1n;
  return { n: a.n * b.d * sign, d: a.d * b.n * sign };
}
export const cmp = (a: Q, b: Q): number => Number(Math.sign(Number(sub(a, b).n)));

/**
 * `x` at `places` decimals as a plain string without trailing zeros: `down` toward zero, `up`
 * away from zero, `floor` toward minus infinity, `half-up` ties away from zero.
 */
export function toPlaces(x: Q, places: number, mode: 'down' | 'up' | 'floor' | 'half-up'): string {
  const scaled = x.n * 10n ** BigInt(places);
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  let whole = abs / x.d;
  const rest = abs % x.d;
  if (rest !== 0n) {
    if (mode === 'up' || (mode === 'floor' && negative) || (mode === 'half-up' && 2n * rest >= x.d))
      whole += 1n;
  }
  return fromUnits(negative ? -whole : whole, places);
}

/** An integer count of 10^-scale as a plain decimal string without trailing zeros. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = `${whole}${fraction ? `.${fraction}` : ''}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/** `value` as an integer count of 10^-scale; throws when it has more decimals than `scale`. */
export function toUnits(value: string, scale: number): bigint {
  const m = DECIMAL.exec(value);
  if (!m) throw new Error(`not a plain decimal: "${value}"`);
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) throw new Error(`"${value}" has more than ${scale} decimals`);
  const units = BigInt(`${m[2]}${fraction.padEnd(scale, '0')}`);
  return m[1] ? -units : units;
}
