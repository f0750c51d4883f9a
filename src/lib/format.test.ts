import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import {
  fixNumber,
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeUtc,
  multiply,
  PLACEHOLDER,
  shorten,
  toFixed5,
  truncate,
  withThousands,
} from './format.ts';

const LONG = '123456789012345678.123456789';
const INVALID = ['', '   ', 'abc', '1.2.3', '1,000', '0x1f', 'Infinity', 'NaN', '--', null, undefined];
const INVALID_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

describe('toFixed5 (fixed shows 5 decimals)', () => {
  test('pads to exactly 5 decimals', () => {
    expect(toFixed5('1.23')).toBe('1.23000');
    expect(toFixed5('5')).toBe('5.00000');
    expect(toFixed5(7)).toBe('7.00000');
    expect(toFixed5('0')).toBe('0.00000');
    expect(toFixed5(0)).toBe('0.00000');
  });

  test('rounds half up at the 6th decimal', () => {
    expect(toFixed5('0.000005')).toBe('0.00001');
    expect(toFixed5('0.0000049999')).toBe('0.00000');
    expect(toFixed5('1.234565')).toBe('1.23457');
    expect(toFixed5('9.999995')).toBe('10.00000');
    expect(toFixed5('-0.000005')).toBe('-0.00001');
  });

  test('is exact where floats are not', () => {
    // (1.000025).toFixed(5) is '1.00002': the double is just below the tie.
    expect(toFixed5('1.000025')).toBe('1.00003');
    expect(toFixed5(1.000025)).toBe('1.00003');
    expect(toFixed5(2.000015)).toBe('2.00002');
    expect(toFixed5(LONG)).toBe('123456789012345678.12346');
  });

  test('never uses exponent notation and never shows -0', () => {
    expect(toFixed5(1e-7)).toBe('0.00000');
    expect(toFixed5('-0.000001')).toBe('0.00000');
    expect(toFixed5(1e21)).toBe('1000000000000000000000.00000');
    expect(toFixed5('1e-3')).toBe('0.00100');
  });

  test('accepts surrounding whitespace and a leading sign', () => {
    expect(toFixed5(' 2.5 ')).toBe('2.50000');
    expect(toFixed5('+2.5')).toBe('2.50000');
    expect(toFixed5('.5')).toBe('0.50000');
  });

  test.each([...INVALID, ...INVALID_NUMBERS])('invalid %s -> placeholder', (value) => {
    expect(toFixed5(value)).toBe(PLACEHOLDER);
  });
});

describe('truncate (cut, never round; default 2 decimals)', () => {
  test('cuts toward zero', () => {
    expect(truncate('1.239')).toBe('1.23');
    expect(truncate('-1.239')).toBe('-1.23');
    expect(truncate('0.999999')).toBe('0.99');
    expect(truncate(1.999)).toBe('1.99');
  });

  test('pads with zeros', () => {
    expect(truncate('5')).toBe('5.00');
    expect(truncate('5.1')).toBe('5.10');
    expect(truncate(0)).toBe('0.00');
  });

  test('honours the decimals argument', () => {
    expect(truncate('1.23456789', 4)).toBe('1.2345');
    expect(truncate('1.9', 0)).toBe('1');
    expect(truncate(LONG, 8)).toBe('123456789012345678.12345678');
  });

  test('no -0, no exponent', () => {
    expect(truncate('-0.001')).toBe('0.00');
    expect(truncate(1e-10, 12)).toBe('0.000000000100');
    expect(truncate(1e21)).toBe('1000000000000000000000.00');
  });

  test('rejects a bad decimals argument', () => {
    expect(() => truncate('1', -1)).toThrow(RangeError);
    expect(() => truncate('1', 1.5)).toThrow(RangeError);
  });

  test.each([...INVALID, ...INVALID_NUMBERS])('invalid %s -> placeholder', (value) => {
    expect(truncate(value)).toBe(PLACEHOLDER);
  });
});

describe('fixNumber (round half up; default 2 decimals)', () => {
  test('rounds where truncate cuts', () => {
    expect(fixNumber('1.239')).toBe('1.24');
    expect(truncate('1.239')).toBe('1.23');
    expect(fixNumber('1.235')).toBe('1.24');
    expect(fixNumber('1.234')).toBe('1.23');
    expect(fixNumber('-1.235')).toBe('-1.24');
  });

  test('is exact for ties that floats get wrong', () => {
    // (1.005).toFixed(2) === '1.00' because the double is just below 1.005.
    expect(fixNumber('1.005')).toBe('1.01');
    expect(fixNumber(1.005)).toBe('1.01');
  });

  test('pads, honours decimals, no -0', () => {
    expect(fixNumber('5')).toBe('5.00');
    expect(fixNumber('2.5', 0)).toBe('3');
    expect(fixNumber(LONG, 6)).toBe('123456789012345678.123457');
    expect(fixNumber('-0.004')).toBe('0.00');
  });

  test.each([...INVALID, ...INVALID_NUMBERS])('invalid %s -> placeholder', (value) => {
    expect(fixNumber(value)).toBe(PLACEHOLDER);
  });
});

describe('multiply (exact, at most 6 decimals)', () => {
  test('exact decimal product', () => {
    // A float implementation gives 0.020000000000000004 / 0.30000000000000004.
    expect(multiply('0.1', '0.2')).toBe('0.02');
    expect(multiply(0.1, 0.2)).toBe('0.02');
    expect(multiply('0.1', 3)).toBe('0.3');
    expect(multiply('3', '4')).toBe('12');
  });

  test('rounds half up to 6 decimals and drops trailing zeros', () => {
    expect(multiply('1.0000005', 1)).toBe('1.000001');
    // Ties that floats miss: 1.0000025 is stored just below the tie; (5e-7).toFixed(6) is '0.000000'.
    expect(multiply('1.0000025', 1)).toBe('1.000003');
    expect(multiply('0.000001', '0.5')).toBe('0.000001');
    expect(multiply('1.0000004999', 1)).toBe('1');
    expect(multiply('0.123456789', '1')).toBe('0.123457');
    expect(multiply('2.50', '2')).toBe('5');
    expect(multiply('-1.0000005', 1)).toBe('-1.000001');
  });

  test('keeps all significant digits of large operands', () => {
    // decimal.js' default precision (20 digits) would round this product.
    expect(multiply(LONG, '1')).toBe('123456789012345678.123457');
    expect(multiply(LONG, LONG)).toBe('15241578753238836558451457268709041.543057');
    expect(multiply('99999999999999999999', '99999999999999999999')).toBe(
      '9999999999999999999800000000000000000001',
    );
  });

  test('zero, negatives, tiny and huge results without exponent', () => {
    expect(multiply('0', '123.45')).toBe('0');
    expect(multiply('-2', '0.5')).toBe('-1');
    expect(multiply('-2', '-0.5')).toBe('1');
    expect(multiply('-0.0000001', '1')).toBe('0');
    expect(multiply('0.001', '0.001')).toBe('0.000001');
    expect(multiply(1e21, 10)).toBe('10000000000000000000000');
  });

  test.each([...INVALID, ...INVALID_NUMBERS])('invalid %s -> placeholder', (value) => {
    expect(multiply(value, '1')).toBe(PLACEHOLDER);
    expect(multiply('1', value)).toBe(PLACEHOLDER);
  });
});

describe('withThousands (integer part only)', () => {
  test('groups the integer part', () => {
    expect(withThousands('1234567.891')).toBe('1,234,567.891');
    expect(withThousands('1000')).toBe('1,000');
    expect(withThousands('999')).toBe('999');
    expect(withThousands('100000')).toBe('100,000');
    expect(withThousands(1234567)).toBe('1,234,567');
  });

  test('keeps the sign and the fraction exactly as given', () => {
    expect(withThousands('-1000')).toBe('-1,000');
    expect(withThousands('+1000')).toBe('+1,000');
    expect(withThousands('1234.50')).toBe('1,234.50');
    expect(withThousands('0.123456789')).toBe('0.123456789');
    expect(withThousands('0')).toBe('0');
    expect(withThousands(LONG)).toBe('123,456,789,012,345,678.123456789');
  });

  test('never groups the fraction', () => {
    expect(withThousands('1.0001234')).toBe('1.0001234');
  });

  test('writes exponent notation out in full', () => {
    expect(withThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(withThousands('1.5e6')).toBe('1,500,000');
    expect(withThousands(1e-7)).toBe('0.0000001');
  });

  test('composes with the rounding helpers', () => {
    expect(withThousands(truncate('1234567.899'))).toBe('1,234,567.89');
    expect(withThousands(toFixed5('abc'))).toBe(PLACEHOLDER);
  });

  test.each([...INVALID, ...INVALID_NUMBERS])('invalid %s -> placeholder', (value) => {
    expect(withThousands(value)).toBe(PLACEHOLDER);
  });
});

describe('formatDate / formatDateTime (local time)', () => {
  // 2023-11-15T12:00:00Z: the same calendar day in every zone from UTC-11 to UTC+11.
  const NOON_SECONDS = 1_700_049_600;
  const NOON_MILLIS = 1_700_049_600_000;

  test('pins the default yyyy/MM/dd pattern at UTC noon', () => {
    expect(formatDate(NOON_MILLIS)).toBe('2023/11/15');
    expect(formatDate(NOON_SECONDS)).toBe('2023/11/15');
  });

  test('a 10-digit timestamp is seconds, a 13-digit one milliseconds', () => {
    expect(formatDate(NOON_SECONDS)).toBe(formatDate(NOON_MILLIS));
    expect(formatDate(String(NOON_SECONDS))).toBe('2023/11/15');
    expect(formatDate(String(NOON_MILLIS))).toBe('2023/11/15');
    // Read as milliseconds, 1700049600 would be 1970/01/20.
    expect(formatDate(NOON_SECONDS)).not.toBe(dayjs(NOON_SECONDS).format('YYYY/MM/DD'));
    // Seconds and milliseconds fields are the same in every time zone.
    expect(formatDate(1_700_049_607, 'ss.SSS')).toBe('07.000');
    expect(formatDate(1_700_049_607_123, 'ss.SSS')).toBe('07.123');
  });

  test('other digit counts are milliseconds', () => {
    // 9 digits: 1970-01-02T03:46:40Z, not 1973 as seconds would be.
    expect(formatDate(100_000_000, 'YYYY')).toBe('1970');
    // 12 digits.
    expect(formatDate(999_999_999_999)).toBe(dayjs(999_999_999_999).format('YYYY/MM/DD'));
    expect(formatDate(0, 'ss.SSS')).toBe('00.000');
  });

  test('matches dayjs of the same instant in local time', () => {
    const instant = 1_718_900_123_456;
    expect(formatDate(instant)).toBe(dayjs(instant).format('YYYY/MM/DD'));
    expect(formatDateTime(instant)).toBe(dayjs(instant).format('YYYY/MM/DD HH:mm:ss'));
    expect(formatDateTime(Math.floor(instant / 1000))).toBe(formatDateTime(instant));
    expect(formatDate(instant, 'HH:mm')).toBe(dayjs(instant).format('HH:mm'));
  });

  test('formatDateTime shape', () => {
    expect(formatDateTime(NOON_MILLIS)).toMatch(/^2023\/11\/15 \d{2}:\d{2}:00$/);
    expect(formatDateTime(1_700_049_607)).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:07$/);
  });

  test('accepts numeric strings with whitespace and a fractional part', () => {
    expect(formatDate(` ${NOON_MILLIS} `)).toBe('2023/11/15');
    expect(formatDate('1700049607.5', 'ss.SSS')).toBe('07.500');
  });

  test.each([
    '',
    ' ',
    'abc',
    '2023-11-15',
    '1e12',
    null,
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e21,
  ])('invalid %s -> placeholder', (value) => {
    expect(formatDate(value)).toBe(PLACEHOLDER);
    expect(formatDateTime(value)).toBe(PLACEHOLDER);
    expect(formatDateTimeUtc(value)).toBe(PLACEHOLDER);
  });

  test('formatDateTimeUtc is the same instant in UTC, whatever the zone', () => {
    expect(formatDateTimeUtc(1_700_049_607)).toBe('2023/11/15 12:00:07');
    expect(formatDateTimeUtc(1_700_049_607_999)).toBe('2023/11/15 12:00:07');
    expect(formatDateTimeUtc(0)).toBe('1970/01/01 00:00:00');
    const instant = 1_718_900_123_456;
    const offsetMinutes = new Date(instant).getTimezoneOffset();
    expect(formatDateTimeUtc(instant)).toBe(formatDateTime(instant + offsetMinutes * 60_000));
  });
});

describe('shorten (longer than 10 characters -> *** in the middle)', () => {
  const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

  test('shortens an address to head***tail', () => {
    expect(shorten(ADDRESS)).toBe('0x52***9EE7');
    expect(shorten(ADDRESS, 6, 4)).toBe('0x5290***9EE7');
    expect(shorten(ADDRESS, 2, 0)).toBe('0x***');
  });

  test('10 characters or fewer are unchanged; 11 are shortened', () => {
    expect(shorten('123456789')).toBe('123456789');
    expect(shorten('1234567890')).toBe('1234567890');
    expect(shorten('12345678901')).toBe('1234***8901');
    expect(shorten('')).toBe('');
  });

  test('counts code points, not UTF-16 units', () => {
    // 10 emoji are 20 UTF-16 units but 10 characters: unchanged.
    const tenEmoji = '😀'.repeat(10);
    expect(shorten(tenEmoji)).toBe(tenEmoji);
    expect(shorten(`😀${'a'.repeat(9)}😎`)).toBe('😀aaa***aaa😎');
  });

  test('rejects bad head or tail', () => {
    expect(() => shorten(ADDRESS, -1)).toThrow(RangeError);
    expect(() => shorten(ADDRESS, 4, 1.5)).toThrow(RangeError);
  });
});

describe('subtract and compareDecimal', () => {
  test('exact decimal difference and comparison', async () => {
    const { subtract, compareDecimal } = await import('./format.ts');
    expect(subtract('0.3', '0.1')).toBe('0.2');
    expect(subtract('50', '1')).toBe('49');
    expect(subtract('1', '1')).toBe('0');
    expect(subtract('x', '1')).toBe('--');
    expect(compareDecimal('10.000001', '10')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('1', 'abc')).toBeNull();
  });
});

describe('formatClock (when cached data was stored)', () => {
  const now = dayjs('2026-11-21T15:30:00').valueOf();
  test('today: hours and minutes only', () => {
    expect(formatClock(dayjs('2026-11-21T09:05:59').valueOf(), now)).toBe('09:05');
  });
  test('an earlier day: with the date, so old data never passes for today', () => {
    expect(formatClock(dayjs('2026-11-20T23:59:00').valueOf(), now)).toBe('2026/11/20 23:59');
  });
  test('invalid input', () => {
    expect(formatClock('abc', now)).toBe('--');
  });
});
