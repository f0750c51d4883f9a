/**
 * The indicators against Tulip Indicators' published test vectors (TulipCharts/tulipindicators,
 * tests/untest.txt: the same 15 closes for sma 5, ema 5, bbands 5 2, macd 2 5 9 and rsi 5, to three
 * decimals), plus the edges: warm-up nulls, flat prices, a period longer than the data.
 */
import { describe, expect, test } from 'vitest';
import { bollinger, ema, macd, rsi, type Series, sma } from './indicators.ts';

const CLOSES = [
  81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29,
];

/** The values after the warm-up, to three decimals, as the reference prints them. */
const shown = (series: Series) => series.filter((v) => v !== null).map((v) => (v as number).toFixed(3));

describe('indicators against Tulip Indicators test vectors', () => {
  test('simple moving average (sma 5)', () => {
    const out = sma(CLOSES, 5);
    expect(out.slice(0, 4)).toEqual([null, null, null, null]);
    expect(shown(out)).toEqual(
      '82.426,82.738,83.094,83.318,83.628,83.778,84.254,84.994,85.574,86.218,86.804'.split(','),
    );
  });

  test('exponential moving average (ema 5)', () => {
    expect(shown(ema(CLOSES, 5))).toEqual(
      '81.590,81.413,81.899,82.266,82.714,82.859,82.853,83.232,83.671,83.901,84.444,85.143,85.725,86.407,86.701'.split(
        ',',
      ),
    );
  });

  test('Bollinger bands (bbands 5 2)', () => {
    const bands = bollinger(CLOSES, 5, 2);
    expect(shown(bands.lower)).toEqual(
      '80.530,80.987,82.533,82.472,82.418,82.435,82.511,83.143,83.536,83.870,85.289'.split(','),
    );
    expect(shown(bands.middle)).toEqual(
      '82.426,82.738,83.094,83.318,83.628,83.778,84.254,84.994,85.574,86.218,86.804'.split(','),
    );
    expect(shown(bands.upper)).toEqual(
      '84.322,84.489,83.655,84.164,84.838,85.121,85.997,86.845,87.612,88.566,88.319'.split(','),
    );
  });

  test('MACD (macd 2 5 9)', () => {
    const out = macd(CLOSES, 2, 5, 9);
    expect(out.macd.slice(0, 4)).toEqual([null, null, null, null]);
    expect(shown(out.macd)).toEqual(
      '0.618,0.351,0.111,0.416,0.578,0.422,0.684,0.927,0.891,0.979,0.621'.split(','),
    );
    expect(shown(out.signal)).toEqual(
      '0.618,0.564,0.474,0.462,0.485,0.473,0.515,0.597,0.656,0.721,0.701'.split(','),
    );
    expect(shown(out.histogram).map((v) => (v === '-0.000' ? '0.000' : v))).toEqual(
      '0.000,-0.213,-0.363,-0.046,0.093,-0.050,0.169,0.329,0.235,0.258,-0.080'.split(','),
    );
  });

  test("relative strength index, Wilder's smoothing (rsi 5)", () => {
    const out = rsi(CLOSES, 5);
    expect(out.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(shown(out)).toEqual(
      '72.034,64.927,75.936,79.796,74.713,83.033,87.478,88.755,91.483,78.498'.split(','),
    );
  });
});

describe('indicator edges', () => {
  test('a period longer than the data gives only nulls; every series is as long as its input', () => {
    const three = [1, 2, 3];
    expect(sma(three, 5)).toEqual([null, null, null]);
    expect(rsi(three, 5)).toEqual([null, null, null]);
    expect(macd(three, 12, 26, 9).macd).toEqual([null, null, null]);
    expect(bollinger(three, 20, 2).upper).toEqual([null, null, null]);
    expect(ema([], 5)).toEqual([]);
  });

  test('flat prices: bands collapse on the mean, MACD is zero, RSI sits at 50; a steady rise is RSI 100', () => {
    const flat = new Array(30).fill(7);
    const bands = bollinger(flat, 20, 2);
    expect(bands.upper[29]).toBe(7);
    expect(bands.lower[29]).toBe(7);
    expect(macd(flat, 12, 26, 9).histogram[29]).toBe(0);
    expect(rsi(flat, 14)[29]).toBe(50);
    expect(
      rsi(
        Array.from({ length: 30 }, (_, i) => i),
        14,
      )[29],
    ).toBe(100);
  });
});
