import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { API_CODES } from '../protocol/codes.ts';
import { ERRORS, type ErrorName } from '../protocol/errors.ts';
import { API_DOC_PATH, CHECK_ORDER, renderApiReference } from './api-doc.ts';

const rendered = renderApiReference();
const written = readFileSync(API_DOC_PATH, 'utf8');

/** A table row whose first cells are the given code spans (cells are padded to align). */
function row(...cells: string[]): RegExp {
  const escaped = cells.map((c) => `\`${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` +`);
  return new RegExp(`\n\\| ${escaped.join('\\| ')}\\|`);
}

describe('docs/api.md', () => {
  test('is what scripts/api-doc.ts generates (run `node scripts/api-doc.ts` after a protocol change)', () => {
    expect(written, 'docs/api.md is stale: run node scripts/api-doc.ts').toBe(rendered);
  });

  test('has a row for every code in CODES', () => {
    for (const code of API_CODES) {
      expect(written, `code ${code}`).toMatch(row(code));
    }
  });

  test('has a row for every error, with its machine name', () => {
    for (const name of Object.keys(ERRORS) as ErrorName[]) {
      expect(written, `error ${name}`).toMatch(row(ERRORS[name].code, name));
    }
  });

  test('is deterministic', () => {
    expect(renderApiReference()).toBe(rendered);
  });
});

describe('check order', () => {
  test('follows the order of the checks in server/http/dispatch.ts', () => {
    const source = readFileSync(
      path.resolve(import.meta.dirname, '..', 'server', 'http', 'dispatch.ts'),
      'utf8',
    );
    const body = source.slice(source.indexOf('export function createDispatcher'));
    const positions = CHECK_ORDER.flatMap((step) =>
      step.marker ? [[step.marker, body.indexOf(step.marker)]] : [],
    );
    for (const [marker, at] of positions)
      expect(at, `${marker} in createDispatcher`).toBeGreaterThanOrEqual(0);
    const sorted = [...positions].sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(positions.map(([m]) => m)).toEqual(sorted.map(([m]) => m));
  });
});
