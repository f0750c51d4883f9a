import { parseArgs } from 'node:util';
import { describe, expect, test } from 'vitest';
import { AdminUsageError } from './command.ts';
import { flagOptions, sortOption, valueOptions } from './options.ts';
import { listText } from './text.ts';

describe('option declarations', () => {
  test('value options take a string and flags take none, as parseArgs reads them', () => {
    const options = { ...valueOptions('fee', 'min-lots'), ...flagOptions('disable') };
    expect(options).toEqual({
      fee: { type: 'string' },
      'min-lots': { type: 'string' },
      disable: { type: 'boolean' },
    });
    const { values } = parseArgs({
      args: ['--fee', '0.5', '--min-lots', '2', '--disable'],
      options,
      strict: true,
    });
    expect(values).toEqual({ fee: '0.5', 'min-lots': '2', disable: true });
  });

  test('a flag given a value, or an undeclared option, is refused by parseArgs', () => {
    const options = { ...valueOptions('fee'), ...flagOptions('disable') };
    expect(() => parseArgs({ args: ['--disable=yes'], options, strict: true })).toThrow();
    expect(() => parseArgs({ args: ['--other', '1'], options, strict: true })).toThrow();
  });
});

describe('sortOption', () => {
  test('absent is 0; a whole number from 0 to 10000 is itself', () => {
    expect(sortOption(undefined)).toBe(0);
    expect(sortOption('0')).toBe(0);
    expect(sortOption('10000')).toBe(10_000);
    expect(sortOption('7')).toBe(7);
  });

  test.each(['-1', '10001', '1.5', 'abc'])('%s is a usage error that says what is wanted', (raw) => {
    expect(() => sortOption(raw)).toThrow(AdminUsageError);
    expect(() => sortOption(raw)).toThrow('--sort must be a whole number from 0 to 10000');
  });
});

describe('listText', () => {
  test('one line a row, in order', () => {
    expect(listText([1, 2, 3], 'none', (n) => `#${n}`)).toBe('#1\n#2\n#3');
  });

  test('no rows: the empty text, never a blank answer', () => {
    expect(listText([], 'no rows', () => 'never')).toBe('no rows');
  });
});
