import { describe, expect, test } from 'vitest';
import { map } from '../../app/store.ts';
import { parseIndicatorFields } from './IndicatorBar.tsx';
import {
  DEFAULT_INDICATORS,
  normalizeIndicators,
  readIndicators,
  saveIndicators,
  toggleIndicator,
} from './indicator-settings.ts';

describe('indicator settings', () => {
  test('a stored value is kept field by field; anything of the wrong shape is the default', () => {
    expect(normalizeIndicators(undefined)).toEqual(DEFAULT_INDICATORS);
    expect(normalizeIndicators('nonsense')).toEqual(DEFAULT_INDICATORS);
    const stored = normalizeIndicators({
      ma: { on: false, periods: [5, 10] },
      ema: { on: 'yes', periods: [0, 10] },
      boll: { on: true, period: 30, width: 50 },
      vol: { on: true, periods: [1, 2, 3, 4] },
      macd: { on: true, fast: 26, slow: 12, signal: 9 },
      rsi: { on: true, period: 6.5 },
    });
    expect(stored).toEqual({
      ma: { on: false, periods: [5, 10] },
      ema: DEFAULT_INDICATORS.ema,
      boll: { on: true, period: 30, width: DEFAULT_INDICATORS.boll.width },
      vol: { on: true, periods: DEFAULT_INDICATORS.vol.periods },
      // A fast period not shorter than the slow one is no MACD: the periods fall back together.
      macd: { ...DEFAULT_INDICATORS.macd, on: true },
      rsi: { on: true, period: DEFAULT_INDICATORS.rsi.period },
    });
  });

  test('kept per wallet: one user’s change is not another’s', () => {
    map.indicators.value = {};
    const alice = '0xaaaa';
    const bob = '0xbbbb';
    toggleIndicator('rsi', alice);
    expect(readIndicators(alice).rsi.on).toBe(true);
    expect(readIndicators(bob).rsi.on).toBe(false);
    saveIndicators({ ...DEFAULT_INDICATORS, macd: { on: true, fast: 5, slow: 35, signal: 5 } }, bob);
    expect(readIndicators(bob).macd).toEqual({ on: true, fast: 5, slow: 35, signal: 5 });
    expect(readIndicators(alice).macd).toEqual(DEFAULT_INDICATORS.macd);
  });

  test('the settings sheet reads periods as people type them, and names the first bad field', () => {
    const fields = {
      ma: '5, 20 60',
      ema: '12',
      vol: '5،10',
      bollPeriod: '20',
      bollWidth: '2.5',
      macdFast: '12',
      macdSlow: '26',
      macdSignal: '9',
      rsi: '6',
    };
    const parsed = parseIndicatorFields(fields, DEFAULT_INDICATORS);
    expect(parsed).toMatchObject({
      ma: { periods: [5, 20, 60] },
      ema: { periods: [12] },
      vol: { periods: [5, 10] },
      boll: { period: 20, width: 2.5 },
      rsi: { period: 6 },
    });
    expect(parseIndicatorFields({ ...fields, ma: '1, 2, 3, 4' }, DEFAULT_INDICATORS)).toBe('ma');
    expect(parseIndicatorFields({ ...fields, ema: '' }, DEFAULT_INDICATORS)).toBe('ema');
    expect(parseIndicatorFields({ ...fields, bollWidth: '0' }, DEFAULT_INDICATORS)).toBe('bollWidth');
    expect(parseIndicatorFields({ ...fields, macdSlow: '12' }, DEFAULT_INDICATORS)).toBe('macdSlow');
    expect(parseIndicatorFields({ ...fields, rsi: '501' }, DEFAULT_INDICATORS)).toBe('rsi');
    expect(parseIndicatorFields({ ...fields, rsi: '7.5' }, DEFAULT_INDICATORS)).toBe('rsi');
  });
});
