import { describe, expect, test } from 'vitest';
import { efficiencyText, hashrateText } from './hashrate.ts';

describe('hashrate display', () => {
  test('keeps TH/s at 1 and above, moves down for smaller machines, exactly', () => {
    expect(hashrateText('200')).toEqual({ value: '200', unit: 'TH/s' });
    expect(hashrateText('283.5')).toEqual({ value: '283.5', unit: 'TH/s' });
    expect(hashrateText('0.016')).toEqual({ value: '16', unit: 'GH/s' });
    expect(hashrateText('0.0095')).toEqual({ value: '9.5', unit: 'GH/s' });
    expect(hashrateText('0.00038')).toEqual({ value: '380', unit: 'MH/s' });
    expect(hashrateText('0')).toEqual({ value: '0', unit: 'TH/s' });
  });

  test('efficiency follows the unit', () => {
    expect(efficiencyText('17.5', '200')).toBe('17.5 J/TH');
    expect(efficiencyText('210000', '0.016')).toBe('210 J/GH');
  });
});
