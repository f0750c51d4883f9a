import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { setLanguageRequest } from './language.ts';
import {
  decimalAmount,
  MAX_FIELD_LENGTH,
  pageNumber,
  pageSize,
  parseForm,
  requestId,
  text,
} from './validation.ts';

describe('parseForm', () => {
  const schema = v.object({ name: text(10), page: pageNumber });

  test('passes well-formed bodies through the schema', () => {
    expect(parseForm(schema, { name: 'abc', page: '3', extra: 'ignored' })).toEqual({
      ok: true,
      value: { name: 'abc', page: 3 },
    });
  });

  test('a missing or empty field is required, a wrong one invalid, each naming the field', () => {
    expect(parseForm(schema, { page: '1' })).toEqual({
      ok: false,
      error: 'field_required',
      params: { field: 'name' },
    });
    expect(parseForm(schema, { name: '', page: '1' })).toEqual({
      ok: false,
      error: 'field_required',
      params: { field: 'name' },
    });
    expect(parseForm(schema, { name: 'abc', page: '0' })).toEqual({
      ok: false,
      error: 'field_invalid',
      params: { field: 'page' },
    });
  });

  test('duplicate keys (arrays) and over-long values are refused before the schema', () => {
    expect(parseForm(schema, { name: ['a', 'b'], page: '1' })).toMatchObject({
      error: 'field_invalid',
      params: { field: 'name' },
    });
    expect(parseForm(schema, { name: 'a', page: '1', junk: 'x'.repeat(MAX_FIELD_LENGTH + 1) })).toMatchObject(
      {
        error: 'field_too_long',
        params: { field: 'junk' },
      },
    );
  });

  test('a catalogue error named by the schema wins over the generic one', () => {
    expect(parseForm(setLanguageRequest, { lang: 'xx' })).toMatchObject({ error: 'unsupported_language' });
    expect(parseForm(setLanguageRequest, { lang: 'ar' })).toEqual({ ok: true, value: { lang: 'ar' } });
  });
});

describe('field rules', () => {
  test('requestId is a UUID', () => {
    expect(v.is(requestId, crypto.randomUUID())).toBe(true);
    for (const bad of ['', 'abc', '00000000-0000-0000-0000-000000000000x', "1' or 1=1"]) {
      expect(v.is(requestId, bad), bad).toBe(false);
    }
  });

  test('text refuses control characters and surrounding space', () => {
    expect(v.is(text(5), 'abc')).toBe(true);
    expect(v.is(text(5), ' abc')).toBe(false);
    expect(v.is(text(5), 'a\u0000b')).toBe(false);
    expect(v.is(text(5), 'abcdef')).toBe(false);
  });

  test('decimal amounts are plain decimal strings within the scale', () => {
    const amount = decimalAmount(6);
    for (const good of ['0', '1', '10.5', '0.000001', '123456789012345678'])
      expect(v.is(amount, good), good).toBe(true);
    for (const bad of ['', '-1', '1e5', '01', '1.', '.5', '1.0000001', '1,000', ' 1', 'NaN', 'Infinity']) {
      expect(v.is(amount, bad), bad).toBe(false);
    }
    expect(v.is(decimalAmount(0), '12')).toBe(true);
    expect(v.is(decimalAmount(0), '1.2')).toBe(false);
  });

  test('page numbers count from 1 and sizes stop at 100', () => {
    expect(v.parse(pageNumber, '1')).toBe(1);
    expect(v.is(pageNumber, '0')).toBe(false);
    expect(v.parse(pageSize, '100')).toBe(100);
    expect(v.is(pageSize, '101')).toBe(false);
  });
});
