/**
 * Sends every code random and malformed form bodies (missing fields, wrong types, huge strings,
 * unicode, SQL and script injection text, duplicate keys, broken percent-encoding) under random
 * and hostile headers (Host, Origin, Cookie, Content-Type), over 10,000 requests in all, and checks
 * that each answer is a well-formed envelope, never a 5xx, that nothing was logged as an error (no
 * stack trace anywhere), and that the database is unchanged.
 */
import { Writable } from 'node:stream';

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { API_CODES } from '../../protocol/codes.ts';
import { codePath, isEnvelope, isSuccess } from '../../protocol/envelope.ts';
import type { Database } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { FORM_HEADERS } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

/** A digest of every row of every table, to prove a run changed nothing. */
async function snapshot(database: Database): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    ),
  );
  const parts: string[] = [];
  // Rate-limit counters (PostgreSQL only) count these very requests: not state a request changes.
  for (const { name } of tables.filter((t) => t.name !== 'rate_limit_counters')) {
    const [row] = rowsOf<{ digest: string | null; n: number }>(
      await database.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
        ),
      ),
    );
    parts.push(`${name}:${row?.n}:${row?.digest}`);
  }
  return parts.join('\n');
}

const NASTY = [
  "' OR 1=1 --",
  "'; drop table settings; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  ['$', '{7*7}{{7*7}}'].join(''), // template-injection text, built so lint sees no template slip
  '__proto__',
  'constructor',
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '-1',
  '1e309',
  'NaN',
  '0.0000000000000000000001',
  '99999999999999999999999999',
  '\u0000',
  '\u202e\u200f',
  'زبون',
  '你好',
  '🙂'.repeat(50),
  '%',
  '%zz',
  '',
];

const FIELDS = [
  'lang',
  'requestId',
  'amount',
  'coin',
  'chain',
  'address',
  'page',
  'size',
  'id',
  'code',
  '__proto__',
  'constructor',
  'a[b]',
  'x',
];

const value = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.uuid(),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('a'.repeat(3000), 'x'.repeat(17_000)),
);

const encodedBody = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), value), {
    maxLength: 6,
  })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

// Bodies that are not even valid form encoding.
const rawBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('%', '%%%', 'a=%zz', '&&&===', 'lang', '=en', 'lang=en&lang=fr&lang=ar', '{"lang":"en"}'),
);

const code = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...API_CODES) },
  { weight: 1, arbitrary: fc.constantFrom('99999', '', '0', '10001x', 'E0002', '..', 'a'.repeat(30)) },
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant(FORM_HEADERS['content-type']) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded; charset=latin1',
      'multipart/form-data; boundary=x',
      '',
    ),
  },
);

const host = fc.oneof(
  { weight: 6, arbitrary: fc.constant('127.0.0.1:8080') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'localhost:1@evil.com',
      'localhost:8282/evil',
      'localhost:99999999',
      '[::1]x',
      'evil.example',
      'h'.repeat(300),
      '127.0.0.1:8080, evil.example',
    ),
  },
);

const origin = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant('http://127.0.0.1:8080') },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom('https://evil.example', 'null', 'file://', 'http://127.0.0.1:8080.evil.example'),
      fc.string({ maxLength: 30 }),
    ),
  },
);

const cookie = fc.oneof(
  fc.constantFrom('', 'lang=en', 'lang=ar', 'lang=<x>', 'lang=en; lang=fr', '=;;=', `sid=${'x'.repeat(200)}`),
  fc.base64String({ maxLength: 44 }).map((v) => `sid=${v}`),
);

/** Total requests: 10,500 on PostgreSQL and PGlite together (both run in CI). */
const RUNS = { pglite: 7_500, postgres: 3_000 } as const;

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`fuzzing every code on ${target.name}`, () => {
    const logged: string[] = [];
    const env = useSeededApp(target, {
      loggerStream: new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk));
          done();
        },
      }),
    });

    test('random and malformed requests get well-formed envelopes, log no error and change nothing', async () => {
      const before = await snapshot(env.database);
      const seen = new Set<string>();
      let requests = 0;
      await fc.assert(
        fc.asyncProperty(
          code,
          fc.oneof(encodedBody, rawBody),
          contentType,
          fc.record({ host, origin, cookie }),
          async (c, body, type, headers) => {
            requests += 1;
            const response = await env.app.inject({
              method: 'POST',
              url: codePath(c),
              headers: {
                ...(type ? { 'content-type': type } : {}),
                'x-requested-with': 'XMLHttpRequest',
                host: headers.host,
                ...(headers.origin === undefined ? {} : { origin: headers.origin }),
                ...(headers.cookie ? { cookie: headers.cookie } : {}),
              },
              payload: body,
            });
            expect(response.statusCode).toBeLessThan(500);
            // A statement (10095) that passes every check is a CSV file, not an envelope.
            if (String(response.headers['content-type']).startsWith('text/csv')) {
              expect(c).toBe('10095');
              expect(response.body.startsWith('\uFEFFtime_utc,')).toBe(true);
              seen.add('file');
              return;
            }
            const envelope: unknown = response.json();
            expect(isEnvelope(envelope)).toBe(true);
            const { respCode, respMsg, data } = envelope as {
              respCode: string;
              respMsg: unknown;
              data: unknown;
            };
            expect(typeof respMsg).toBe('string');
            if (!isSuccess(respCode)) {
              expect(data).toBeNull();
              expect((respMsg as string).length).toBeGreaterThan(0);
              expect(respMsg).not.toMatch(/errors\.|at .*\.ts|Error:/);
            }
            seen.add(respCode);
          },
        ),
        { numRuns: RUNS[target.name], seed: 20261125 },
      );
      expect(requests).toBeGreaterThanOrEqual(RUNS[target.name]);
      expect(await snapshot(env.database)).toBe(before);
      // Nothing a client sent was an error on the server: no error lines, no stack anywhere.
      expect(logged.filter((line) => /"level":(50|60)|"stack"/.test(line))).toEqual([]);
      // The generator reached past the front door: validation and feature checks answered too.
      expect([...seen]).toEqual(expect.arrayContaining(['00000', 'E1001', 'E1012']));
      // 7,500 requests take about 15 s on a quiet 2-core machine; a busy one needs more.
    }, 120_000);
  });
}
