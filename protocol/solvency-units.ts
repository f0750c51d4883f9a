/**
 * Amounts of a solvency snapshot as integers of 10^-18 (the ledger's NUMERIC(38,18) scale) and
 * back (docs/solvency.md): the tree's sums are exact, and a snapshot converts millions of them, so
 * these parse and print digits instead of doing decimal arithmetic.
 */

export const SOLVENCY_SCALE = 18;
const UNIT = 10n ** BigInt(SOLVENCY_SCALE);
const AMOUNT_TEXT = /^-?\d+(?:\.\d{1,18})?$/;
const ZEROS = '0'.repeat(SOLVENCY_SCALE);

/** A decimal string as an integer of 10^-18; throws on anything else (more decimals included). */
export function toUnits(amount: string): bigint {
  // Most amounts of a snapshot are zeros (coins a user does not hold, decoys): skip the parsing.
  if (amount === '0') return 0n;
  if (!AMOUNT_TEXT.test(amount)) throw new RangeError(`not an amount with at most 18 decimals: ${amount}`);
  // One BigInt parse of the digits with the point taken out: a snapshot converts millions of
  // amounts, and a multiplication and an addition of BigInts each cost as much as the parse.
  const point = amount.indexOf('.');
  if (point < 0) return BigInt(amount) * UNIT;
  const fraction = amount.slice(point + 1);
  return BigInt(amount.slice(0, point) + fraction + ZEROS.slice(fraction.length));
}

/** An integer of 10^-18 as a plain decimal without trailing zeros: 1500000000000000000n -> '1.5'. */
export function fromUnits(units: bigint): string {
  if (units === 0n) return '0';
  // From the digits, not by dividing: BigInt division is the slowest step of a tree's sums.
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  const cut = digits.length - SOLVENCY_SCALE;
  const whole = cut > 0 ? digits.slice(0, cut) : '0';
  let fraction = cut >= 0 ? digits.slice(cut) : ZEROS.slice(0, -cut) + digits;
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end -= 1;
  fraction = fraction.slice(0, end);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
