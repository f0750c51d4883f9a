import { describe, expect, test } from 'vitest';
import type { MiningMachine } from '../../../protocol/mining.ts';
import { checkPurchase, maxAffordable, purchaseSummary } from './purchase.ts';

const s21: MiningMachine = {
  id: 1,
  key: 'S21',
  name: 'Antminer S21',
  algorithm: 'SHA-256',
  coin: 'BTC',
  hashrate: '200',
  power: '3500',
  efficiency: '17.5',
  size: '',
  weight: '15.4',
  chip: '',
  environment: '',
  cycleDays: 30,
  rent: '225',
  serviceFee: '12',
  estimatedDailyOutput: '0.00009',
  dailyOutputPerStep: '0.00009',
  outputSource: 'demo',
  price: '95000',
  yieldRate: '3.8',
  cycleReturn: '8.22',
  shares: 200,
  available: 10,
  minPurchase: 1,
  startTime: 0,
  boost: '0',
  joint: false,
  soldOut: false,
};
const jv: MiningMachine = {
  ...s21,
  joint: true,
  shares: 100,
  estimatedDailyOutput: '0.00015075',
  dailyOutputPerStep: '0.0000015',
  rent: '3.7',
  serviceFee: '0.2',
  minPurchase: 2,
  available: 100,
};
const NOW = Date.UTC(2026, 10, 24, 12);

describe('purchase sheet', () => {
  test('sums cost and the cycle output the pool reserves', () => {
    expect(purchaseSummary(s21, 2, 8, NOW)).toEqual({
      rent: '450',
      fee: '24',
      total: '474',
      daily: '0.00018',
      cycleOutput: '0.0054',
      cycleValue: '513',
      firstDay: '2026-11-25',
      lastDay: '2026-12-24',
    });
    // 4 shares of 0.00015075 a day: 0.00000603, not 4 x the floored per-share figure.
    expect(purchaseSummary(jv, 4, 8, NOW)).toMatchObject({ total: '15.6', cycleOutput: '0.0001809' });
  });

  test('checks the count as the server does', () => {
    expect(checkPurchase(s21, '', null)).toEqual({ key: 'errors.field_required' });
    for (const bad of ['0', '1.5', '-1', '1e2', ' 1', '01'])
      expect(checkPurchase(s21, bad, null)).toEqual({ key: 'errors.field_invalid' });
    expect(checkPurchase(jv, '1', null)).toEqual({ key: 'errors.purchase_below_minimum', num: 2 });
    expect(checkPurchase(s21, '11', null)).toEqual({ key: 'errors.purchase_above_available', max: 10 });
    expect(checkPurchase(s21, '3', '474')).toEqual({ key: 'errors.insufficient_balance' });
    expect(checkPurchase(s21, '2', '474')).toBeNull();
    expect(checkPurchase({ ...s21, soldOut: true }, '1', null)).toEqual({ key: 'errors.machine_sold_out' });
  });

  test('max is what is available and affordable', () => {
    expect(maxAffordable(s21, '1000')).toBe(4);
    expect(maxAffordable(s21, '100000')).toBe(10);
    expect(maxAffordable(s21, null)).toBe(10);
    expect(maxAffordable(jv, '15.6')).toBe(4);
  });
});
