import { describe, expect, test } from 'vitest';
import { API_CODES, CACHEABLE_CODES, CODES } from './codes.ts';
import { ERRORS } from './errors.ts';

describe('the code table', () => {
  test('lists every code of docs/spec/design.md section 4, plus the documented faucet, solvency, alerts, statements, withdrawal terms and the address book', () => {
    // The 49 codes named in docs/spec/product.md section 7, in that order.
    const spec =
      '00000 E0001 10001 10002 10003 10008 10009 10010 10011 10020 10021 10022 10025 10026 10027 10030 10031 10034 10035 10036 10037 10041 10050 10051 10052 10053 10055 10056 10058 10060 10062 10063 10064 100666 100655 10068 10069 10071 10073 10074 10076 10079 10080 10081 10082 10083 10084 10085 100201';
    expect([...API_CODES].sort()).toEqual(
      [
        ...spec.split(' '),
        '10012',
        '10023',
        '10024',
        '10028',
        '10029',
        '10090',
        '10091',
        '10092',
        '10093',
        '10094',
        '10095',
      ].sort(),
    );
  });

  test('no code is both mutating and cacheable', () => {
    for (const code of API_CODES) expect(CODES[code].mutating && CODES[code].cacheable, code).toBe(false);
    expect(CACHEABLE_CODES).toContain('00000');
    expect(CACHEABLE_CODES).not.toContain('10025');
  });
});

describe('the error catalogue', () => {
  test('codes are unique and 500 is the ended session', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(ERRORS.session_ended.code).toBe('500');
  });

  test('only server faults travel with a 5xx status', () => {
    for (const [name, info] of Object.entries(ERRORS)) {
      if (name !== 'internal_error') expect(info.http, name).toBeLessThan(500);
    }
  });
});
