/** The interest arithmetic at its edges: exact, rounded down once, at the coin's precision. */
import { describe, expect, test } from 'vitest';
import { lcg } from '../tests/helpers/random.ts';
import { div, fromUnits, mul, q, toPlaces } from '../tests/helpers/rational.ts';
import { compare } from './money.ts';
import { amountCoveredByPool, maturityOf, stakeInterest } from './staking.ts';

describe('stakeInterest', () => {
  test('amount x APR x days / 365, rounded down to the coin precision', () => {
    expect(stakeInterest('1000', '12', 30, 6)).toBe('9.863013'); // 9.86301369...
    expect(stakeInterest('365', '10', 365, 6)).toBe('36.5');
    expect(stakeInterest('100', '18', 90, 6)).toBe('4.438356'); // 4.43835616...
    expect(stakeInterest('0.05', '4.5', 30, 8)).toBe('0.00018493'); // 0.000184931...
  });

  test('never rounds up, even a hair below the next unit', () => {
    // 36500 x 1% x 1 day / 365 = exactly 1; one unit less of amount is just below it.
    expect(stakeInterest('36500', '1', 1, 6)).toBe('1');
    expect(stakeInterest('36499.999999', '1', 1, 6)).toBe('0.999999');
    // 0.999999999... would round half up to 1 in float or 6-place rounding; here it stays below.
    expect(stakeInterest('36499.999999999999999999', '1', 1, 6)).toBe('0.999999');
  });

  test('a stake too small to earn one unit earns zero', () => {
    expect(stakeInterest('0.000001', '12', 30, 6)).toBe('0');
    expect(stakeInterest('0.000001', '10000', 3650, 6)).toBe('0.001');
    expect(stakeInterest('1', '0', 30, 6)).toBe('0');
    expect(stakeInterest('1', '0.0001', 1, 18)).toBe('0.000000002739726027');
  });

  test('precision 0 and 18, the largest amounts and APRs', () => {
    expect(stakeInterest('999', '12', 30, 0)).toBe('9'); // 9.85...
    // 10000 % for 3650 days is x1000, exactly; a 20-digit decimal library would round it to 1e23.
    expect(stakeInterest('99999999999999999999.999999999999999999', '10000', 3650, 18)).toBe(
      '99999999999999999999999.999999999999999',
    );
  });

  test('agrees with the exact rational on random inputs', () => {
    const rand = lcg(7).below;
    for (let i = 0; i < 2000; i += 1) {
      const precision = rand(19);
      const amount = `${rand(10_000_000)}.${String(rand(1_000_000)).padStart(6, '0')}`;
      const apr = `${rand(500)}.${String(rand(10_000)).padStart(4, '0')}`;
      const days = 1 + rand(3650);
      const expected = toPlaces(div(mul(mul(q(amount), q(apr)), q(days)), q(36500)), precision, 'down');
      expect(stakeInterest(amount, apr, days, precision), `${amount} ${apr} ${days} ${precision}`).toBe(
        expected,
      );
    }
  });
});

describe('amountCoveredByPool', () => {
  test('the largest amount whose interest the pool covers, and not one unit more', () => {
    const covered = amountCoveredByPool('100', '12', 30, 6);
    expect(covered).toBe('10138.888888');
    expect(Number(stakeInterest(covered as string, '12', 30, 6))).toBeLessThanOrEqual(100);
    expect(stakeInterest('10138.888889', '12', 30, 6)).toBe('100'); // floor still fits
    expect(amountCoveredByPool('0', '12', 30, 6)).toBe('0');
    expect(amountCoveredByPool('5', '0', 30, 6)).toBeNull();
  });

  test('interest of the covered amount never exceeds the pool (random)', () => {
    const rand = lcg(11).below;
    for (let i = 0; i < 2000; i += 1) {
      const precision = rand(19);
      const pool = fromUnits(BigInt(rand(2 ** 30)), precision);
      const apr = `${1 + rand(500)}.${rand(10)}`;
      const days = 1 + rand(3650);
      const covered = amountCoveredByPool(pool, apr, days, precision) as string;
      const interest = stakeInterest(covered, apr, days, precision);
      expect(compare(interest, pool) <= 0, `${pool} ${apr} ${days}`).toBe(true);
    }
  });
});

describe('maturity', () => {
  test('a stake matures whole days after it was made', () => {
    expect(maturityOf(Date.UTC(2026, 0, 31), 30)).toBe(Date.UTC(2026, 2, 2));
  });
});
