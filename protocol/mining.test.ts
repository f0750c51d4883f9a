import { describe, expect, test } from 'vitest';
import {
  addDays,
  annualizedReturnOf,
  boostedHashrate,
  cycleReturnOf,
  efficiencyOf,
  firstDayOf,
  holdingOutput,
  oracleOutput,
  parseDay,
  purchaseCost,
  reservedOutput,
  stepsCoveredByPool,
  yieldRateOf,
} from './mining.ts';

describe('mining arithmetic', () => {
  test('efficiency is watts per TH/s, down to 2 decimals', () => {
    expect(efficiencyOf('3500', '200')).toBe('17.5');
    expect(efficiencyOf('3360', '0.016')).toBe('210000');
    expect(efficiencyOf('3645', '270')).toBe('13.5');
    expect(efficiencyOf('1000', '3')).toBe('333.33');
    expect(efficiencyOf('1', '0')).toBe('0');
  });

  test('the boost raises the hashrate exactly', () => {
    expect(boostedHashrate('270', '5')).toBe('283.5');
    expect(boostedHashrate('0.000001', '0.0001')).toBe('0.000001000001');
    expect(boostedHashrate('200', '0')).toBe('200');
  });

  test('oracle output rounds down at the coin precision, never up', () => {
    // 283.5 x 0.00000045 = 0.000127575: the 8th decimal is kept, the rest dropped.
    expect(oracleOutput('270', '5', '0.00000045', 8)).toBe('0.00012757');
    expect(oracleOutput('0.016', '0', '4.375', 8)).toBe('0.07');
    // Smaller than one unit of the coin: nothing.
    expect(oracleOutput('0.000001', '0', '0.000000001', 8)).toBe('0');
    expect(oracleOutput('21', '0', '7.6', 0)).toBe('159');
  });

  test('a holding earns its fraction of a unit, floored', () => {
    expect(holdingOutput('0.00015075', 4, 100, 8)).toBe('0.00000603');
    expect(holdingOutput('0.00015075', 1, 100, 8)).toBe('0.0000015');
    expect(holdingOutput('24.7', 2, 1, 8)).toBe('49.4');
    // 1 unit split three ways: each third floors, the dust stays in the pool.
    expect(holdingOutput('0.00000001', 1, 3, 8)).toBe('0');
    expect(holdingOutput('1', 1, 3, 8)).toBe('0.33333333');
  });

  test('yield and cycle return are computed from output, price and what is paid', () => {
    // 0.00009 BTC x 95,000 / 225 = 3.8 % a day.
    expect(yieldRateOf('0.00009', '95000', '225')).toBe('3.8');
    expect(yieldRateOf('0.00009', null, '225')).toBeNull();
    expect(yieldRateOf('0.00009', '95000', '0')).toBeNull();
    expect(yieldRateOf('0.0000015', '95000', '3.7')).toBe('3.85');
    // 30 days x 8.55 = 256.5 against 237 paid: +8.22 %.
    expect(cycleReturnOf('0.00009', 30, '95000', '225', '12')).toBe('8.22');
    // A loss is negative, truncated toward zero.
    expect(cycleReturnOf('0.00009', 30, '50000', '225', '12')).toBe('-43.03');
    expect(cycleReturnOf('0.00009', 30, null, '225', '12')).toBeNull();
  });

  test('a cycle return as a simple yearly rate, never a loss', () => {
    // 8.22 % in 30 days: x 365 / 30 = 100.01 %.
    expect(annualizedReturnOf('8.22', 30)).toBe('100.01');
    expect(annualizedReturnOf('1.1', 60)).toBe('6.69');
    expect(annualizedReturnOf('0.01', 365)).toBe('0.01');
    expect(annualizedReturnOf('0.001', 400)).toBeNull();
    expect(annualizedReturnOf('-43.03', 30)).toBeNull();
    expect(annualizedReturnOf('0', 30)).toBeNull();
    expect(annualizedReturnOf(null, 30)).toBeNull();
  });

  test('cost, reserve and what a pool can cover', () => {
    expect(purchaseCost('225', '12', 2)).toEqual({ rent: '450', fee: '24', total: '474' });
    expect(purchaseCost('3.7', '0.2', 4)).toEqual({ rent: '14.8', fee: '0.8', total: '15.6' });
    expect(reservedOutput('0.00009', 30)).toBe('0.0027');
    expect(stepsCoveredByPool('300', '0.07', 60)).toBe(71);
    expect(stepsCoveredByPool('0.0026', '0.00009', 30)).toBe(0);
    expect(stepsCoveredByPool('1', '0', 30)).toBeNull();
  });

  test('days are UTC dates; output starts the day after purchase or at the start day', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
    expect(parseDay('2026-12-31')).toBe(Date.UTC(2026, 11, 31));
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(firstDayOf(Date.UTC(2026, 10, 24, 23, 59), 0)).toBe('2026-11-25');
    expect(firstDayOf(Date.UTC(2026, 10, 24), Date.UTC(2026, 11, 5, 12))).toBe('2026-12-05');
  });
});
