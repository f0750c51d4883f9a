import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fromUnits, toUnits } from '../tests/helpers/rational.ts';
import { allocate, costOf, personalRateOf, phaseAt, tokensFor, winningRateOf } from './ido.ts';

/**
 * PancakeSwap IFO v2's overflow sale (IFOV2.sol, _calculateOfferingAndRefundingAmountsPool), in
 * the contract's own integer steps: allocation = amount x 1e12 / total (1e12 = 100 %), offering
 * = offeringAmount x allocation / 1e12, pay = raisingAmount x allocation / 1e12, refund = amount -
 * pay; not over-subscribed, offering = amount x offeringAmount / raisingAmount. Amounts are in the
 * smallest units (here: USDT 6 decimals, the token's `precision` decimals).
 */
function pancakeIfoV2(amount: bigint, total: bigint, raising: bigint, offering: bigint) {
  if (total > raising) {
    const allocation = (amount * 10n ** 12n) / total;
    const pay = (raising * allocation) / 10n ** 12n;
    return { offering: (offering * allocation) / 10n ** 12n, refund: amount - pay };
  }
  return { offering: (amount * offering) / raising, refund: 0n };
}

const units = (value: string, scale: number) => toUnits(value, scale);

describe('IDO allocation', () => {
  test('under-subscribed: everyone wins what was asked and pays all that was frozen', () => {
    // 200,000 offered at 0.05; two users ask 1,000 and 3,000 tokens.
    const a = allocate('1000', '50', '4000', '200000', '0.05', 6);
    expect(a).toEqual({ won: '1000', consumed: '50', refund: '0' });
    expect(winningRateOf('200000', '4000')).toBe('100');
    expect(pancakeIfoV2(units('50', 6), units('200', 6), units('10000', 6), units('200000', 6))).toEqual({
      offering: units('1000', 6),
      refund: 0n,
    });
  });

  test('over-subscribed: pro rata, floored to the token, the rest of the USDT back', () => {
    // 1,000 offered at 0.3 (raising 300 USDT); asked 1,500 + 1,000 + 500 = 3,000 tokens (900 USDT).
    const total = '3000';
    const cases = [
      ['1500', '450', { won: '500', consumed: '150', refund: '300' }],
      ['1000', '300', { won: '333.333333', consumed: '100', refund: '200' }],
      ['500', '150', { won: '166.666666', consumed: '50', refund: '100' }],
    ] as const;
    for (const [asked, frozen, expected] of cases) {
      const mine = allocate(asked, frozen, total, '1000', '0.3', 6);
      expect(mine).toEqual(expected);
      // PancakeSwap's tokens for the same sale, to the unit. Its pay truncates (the user pays
      // 99.999999 for tokens worth 99.9999999); here the price of what is won rounds up and the
      // house keeps that part of a unit, so the refund may be one unit smaller, never larger.
      const pcs = pancakeIfoV2(units(frozen, 6), units('900', 6), units('300', 6), units('1000', 6));
      expect(units(mine.won, 6)).toBe(pcs.offering);
      expect(pcs.refund - units(mine.refund, 6)).toBeGreaterThanOrEqual(0n);
      expect(pcs.refund - units(mine.refund, 6)).toBeLessThanOrEqual(1n);
    }
    expect(winningRateOf('1000', total)).toBe('33.33');
    expect(personalRateOf('333.333333', '1000')).toBe('33.33');
    // Tokens never exceed the offering; what the floors leave (0.000001) goes back to the operator.
    expect(500 + 333.333333 + 166.666666).toBeLessThanOrEqual(1000);
  });

  test('the price of what is won rounds up to USDT: the house keeps the part of a unit', () => {
    // 0.3333333 x 0.07 = 0.023333331 -> 0.023334 paid.
    expect(costOf('0.3333333', '0.07')).toBe('0.023334');
    const a = allocate('1', '0.07', '3', '1', '0.07', 7);
    expect(a).toEqual({ won: '0.3333333', consumed: '0.023334', refund: '0.046666' });
  });

  test('shares ask for tokens; the phase follows the times', () => {
    expect(tokensFor(3, '1000')).toBe('3000');
    const times = { startTime: 10, endTime: 20, releaseTime: 30 };
    expect([0, 10, 19, 20, 29, 30].map((t) => phaseAt(times, t))).toEqual([
      'coming_soon',
      'ongoing',
      'ongoing',
      'ended',
      'ended',
      'issued',
    ]);
  });

  test('property: any users and shares, tokens within the offering, no user pays more than frozen', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('0.05', '0.3', '1.2345', '0.0000007'),
        fc.constantFrom('1', '7.5', '1000'),
        fc.integer({ min: 0, max: 8 }),
        (shares, offeringWhole, price, shareSize, precision) => {
          const offering = String(offeringWhole);
          const asked = shares.map((n) => tokensFor(n, shareSize));
          const total = fromUnits(
            asked.reduce((sum, a) => sum + units(a, 18), 0n),
            18,
          );
          let won = 0n;
          for (const a of asked) {
            const frozen = costOf(a, price);
            const r = allocate(a, frozen, total, offering, price, precision);
            expect(units(r.won, 18)).toBeLessThanOrEqual(units(a, 18));
            expect(units(r.consumed, 18) + units(r.refund, 18)).toBe(units(frozen, 18));
            expect(units(r.refund, 18)).toBeGreaterThanOrEqual(0n);
            // Paid at least the exact price of what was won.
            expect(units(r.consumed, 18) * 10n ** 18n).toBeGreaterThanOrEqual(
              units(r.won, 18) * units(price, 18),
            );
            won += units(r.won, 18);
          }
          expect(won).toBeLessThanOrEqual(units(offering, 18));
        },
      ),
      { numRuns: 300 },
    );
  });
});
