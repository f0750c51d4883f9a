/**
 * The exchange arithmetic at its precision edges: the price rounds against the user at the
 * market's precision, the gross amount rounds down and the fee up at the received coin's
 * precision, and nothing else is ever rounded.
 */
import { Decimal as Base } from 'decimal.js';
import { describe, expect, test } from 'vitest';
import { lcg } from '../../../tests/helpers/random.ts';
import { exchangeAmounts, quotedPrice, sideOf } from './exchange.pricing.ts';

// The reference arithmetic: far more digits than any amount has.
const Decimal = Base.clone({ precision: 100, toExpNeg: -100, toExpPos: 100 });

describe('quotedPrice', () => {
  test('mid x (1 + spread) rounded up when buying the base coin, x (1 - spread) down when selling', () => {
    // mid 95000.5: x 1.002 = 95190.501, x 0.998 = 94810.499.
    expect(quotedPrice('95000.00', '95001.00', '0.2', 'buy', 2)).toBe('95190.51');
    expect(quotedPrice('95000.00', '95001.00', '0.2', 'sell', 2)).toBe('94810.49');
  });

  test('a price already at the precision is not moved by rounding', () => {
    expect(quotedPrice('100', '100', '0.5', 'buy', 2)).toBe('100.5');
    expect(quotedPrice('100', '100', '0.5', 'sell', 2)).toBe('99.5');
  });

  test('four-digit markets (TRX) keep four digits', () => {
    // mid 0.28005 x 0.998 = 0.2794899 -> 0.2794; x 1.002 = 0.2806101 -> 0.2807
    expect(quotedPrice('0.2800', '0.2801', '0.2', 'sell', 4)).toBe('0.2794');
    expect(quotedPrice('0.2800', '0.2801', '0.2', 'buy', 4)).toBe('0.2807');
  });

  test('no spread: the mid price, rounded against the user', () => {
    expect(quotedPrice('10.00', '10.01', '0', 'buy', 2)).toBe('10.01');
    expect(quotedPrice('10.00', '10.01', '0', 'sell', 2)).toBe('10');
  });

  test('the side is buy when the user receives the base coin', () => {
    expect(sideOf('BTC', 'BTC')).toBe('buy');
    expect(sideOf('USDT', 'BTC')).toBe('sell');
  });
});

describe('exchangeAmounts', () => {
  test('selling BTC for USDT: gross down to 6 decimals, fee up to 6 decimals', () => {
    // 0.12345678 x 94810.49 = 11704.9978056222
    expect(
      exchangeAmounts({
        amount: '0.12345678',
        price: '94810.49',
        side: 'sell',
        feePercent: '0.1',
        toPrecision: 6,
      }),
    ).toEqual({ gross: '11704.997805', fee: '11.704998', receive: '11693.292807' });
  });

  test('buying BTC with USDT: gross = amount / price down to 8 decimals', () => {
    // 100 / 95190.51 = 0.00105052488950...; fee 0.1% = 0.00000105052 -> 0.00000106
    expect(
      exchangeAmounts({ amount: '100', price: '95190.51', side: 'buy', feePercent: '0.1', toPrecision: 8 }),
    ).toEqual({ gross: '0.00105052', fee: '0.00000106', receive: '0.00104946' });
  });

  test('an exact quotient is not truncated below itself', () => {
    expect(
      exchangeAmounts({
        amount: '95.19051',
        price: '95190.51',
        side: 'buy',
        feePercent: '0',
        toPrecision: 8,
      }),
    ).toEqual({ gross: '0.001', fee: '0', receive: '0.001' });
    expect(
      exchangeAmounts({ amount: '1', price: '3', side: 'buy', feePercent: '0', toPrecision: 6 }).gross,
    ).toBe('0.333333');
  });

  test('a fee of less than one unit still costs one unit (rounded up)', () => {
    expect(
      exchangeAmounts({ amount: '0.5', price: '1', side: 'sell', feePercent: '0.1', toPrecision: 6 }),
    ).toEqual({ gross: '0.5', fee: '0.0005', receive: '0.4995' });
    expect(
      exchangeAmounts({ amount: '0.00001', price: '1', side: 'sell', feePercent: '0.1', toPrecision: 6 }),
    ).toEqual({ gross: '0.00001', fee: '0.000001', receive: '0.000009' });
  });

  test('an amount worth less than one unit of the received coin yields nothing', () => {
    expect(
      exchangeAmounts({
        amount: '0.000001',
        price: '95190.51',
        side: 'buy',
        feePercent: '0.1',
        toPrecision: 8,
      }),
    ).toEqual({ gross: '0', fee: '0', receive: '0' });
  });

  test('coins without decimals round to whole units', () => {
    expect(
      exchangeAmounts({ amount: '10', price: '0.3', side: 'buy', feePercent: '1', toPrecision: 0 }),
    ).toEqual({ gross: '33', fee: '1', receive: '32' });
  });

  test('large amounts keep every digit (no float, no exponent)', () => {
    expect(
      exchangeAmounts({
        amount: '99999999999999.123456',
        price: '0.2794',
        side: 'buy',
        feePercent: '0.1',
        toPrecision: 6,
      }),
    ).toEqual({
      gross: '357909806728701.229262',
      fee: '357909806728.70123',
      receive: '357551896921972.528032',
    });
  });

  test('random amounts: gross = fee + receive, both on the coin grid, loss under two units', () => {
    const random = lcg(42).fraction;
    for (let i = 0; i < 2000; i++) {
      const toPrecision = [0, 2, 6, 8, 18][i % 5] as number;
      const amount = new Decimal(random() * 10 ** (1 + Math.floor(random() * 6)))
        .toDecimalPlaces(6)
        .toFixed();
      const price = new Decimal(0.0001 + random() * 100_000).toDecimalPlaces(4).toFixed();
      const feePercent = new Decimal(random() * 2).toDecimalPlaces(3).toFixed();
      const side = random() < 0.5 ? 'buy' : 'sell';
      const r = exchangeAmounts({ amount, price, side, feePercent, toPrecision });
      const unit = new Decimal(10).pow(-toPrecision);
      expect(new Decimal(r.fee).plus(r.receive).equals(r.gross)).toBe(true);
      for (const value of [r.gross, r.fee, r.receive]) {
        expect(new Decimal(value).mod(unit).isZero()).toBe(true);
        expect(new Decimal(value).isNegative()).toBe(false);
        expect(value).not.toMatch(/e/i);
      }
      const exactGross =
        side === 'sell' ? new Decimal(amount).times(price) : new Decimal(amount).dividedBy(price);
      const fair = exactGross.times(new Decimal(1).minus(new Decimal(feePercent).dividedBy(100)));
      expect(new Decimal(r.receive).lessThanOrEqualTo(fair)).toBe(true);
      expect(fair.minus(r.receive).lessThan(unit.times(2))).toBe(true);
    }
  });
});
