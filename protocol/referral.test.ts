import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { add, compare } from './money.ts';
import { commissionOf, isShare, maskAddress } from './referral.ts';

describe('commissionOf', () => {
  test('a share of a fee, rounded down at the coin precision', () => {
    expect(commissionOf('0.35', '20', 6)).toBe('0.07');
    expect(commissionOf('1', '33.33', 6)).toBe('0.3333');
    expect(commissionOf('0.000001', '33.33', 6)).toBe('0');
    expect(commissionOf('0.000003', '33.33', 6)).toBe('0');
    expect(commissionOf('0.000004', '25', 6)).toBe('0.000001');
    expect(commissionOf('0.00000001', '100', 8)).toBe('0.00000001');
    expect(commissionOf('12', '0.01', 6)).toBe('0.0012');
    expect(commissionOf('12', '0', 6)).toBe('0');
    expect(commissionOf('123456789.123456789123456789', '10', 18)).toBe('12345678.912345678912345678');
  });

  test('two levels never pay more than the fee they come from', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, places]) => {
        const s = units.toString().padStart(places + 1, '0');
        return places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`;
      });
    const share = fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toFixed(2));
    fc.assert(
      fc.property(decimal, share, share, fc.integer({ min: 0, max: 8 }), (fee, a, b, precision) => {
        fc.pre(Number(a) + Number(b) <= 100);
        const direct = commissionOf(fee, a, precision);
        const indirect = commissionOf(fee, b, precision);
        expect(compare(add(direct, indirect), fee)).toBeLessThanOrEqual(0);
        // Rounded down by less than one unit of the coin: fee has at most 8 decimals and the share
        // 2, so at 18 decimals the share is exact.
        const exact = commissionOf(fee, a, 18);
        const unit = precision === 0 ? '1' : `0.${'1'.padStart(precision, '0')}`;
        expect(compare(direct, exact)).toBeLessThanOrEqual(0);
        expect(compare(add(direct, unit), exact)).toBe(1);
      }),
    );
  });
});

test('shares the operator may set', () => {
  for (const ok of ['0', '20', '12.5', '33.33', '100', '100.00']) expect(isShare(ok), ok).toBe(true);
  for (const bad of ['', '-1', '100.01', '101', '1e2', '12.345', '007', ' 5'])
    expect(isShare(bad), bad).toBe(false);
});

test('an inviter sees a shortened address', () => {
  expect(maskAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52***9EE7');
  expect(maskAddress('0x1234')).toBe('0x1234');
});
