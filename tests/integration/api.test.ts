/**
 * The request pipeline end to end through the real app, on PGlite and on PostgreSQL: envelopes,
 * translations, the CSRF guard, media types, body limits, unknown codes, sessions, idempotency.
 */

import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { eq, like } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import { codePath } from '../../protocol/envelope.ts';
import { ERRORS } from '../../protocol/errors.ts';
import { text } from '../../protocol/validation.ts';
import type { Database } from '../../server/db/client.ts';
import type { CodeHandler } from '../../server/http/handler.ts';
import { idempotencyKeys } from '../../server/http/idempotency/idempotency.schema.ts';
import { writeSetting } from '../../server/modules/config/config.repository.ts';
import { settings } from '../../server/modules/config/config.schema.ts';
import { codeHandlers } from '../../server/modules/index.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { buildTestApp, FORM_HEADERS, post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

/**
 * Stand-ins for features that arrive in later issues, so the pipeline is tested through the real
 * dispatcher: 100666 records one "hit" row per execution and answers its key; 100655 fails
 * unexpectedly.
 */
const HIT_PREFIX = 'test-hit:';
const hitSchema = v.object({ note: text(20) });
// Stand-ins are outside the contract (their bodies are not the codes' own), so they are written
// as the dispatcher holds them.
const testHandlers: CodeHandler[] = [
  {
    code: '100666',
    schema: hitSchema,
    async handle(ctx, input) {
      const key = `${HIT_PREFIX}${randomUUID()}`;
      await writeSetting(ctx.db, key, v.parse(hitSchema, input).note);
      return { hit: key };
    },
  },
  {
    code: '100655',
    schema: v.object({}),
    async handle() {
      throw new Error('boom: 0x52908400098527886E0F7030069857D2E4169EE7 must not reach the client');
    },
  },
];

/** The stand-ins take the place of the real push handlers (tests/integration/push.test.ts). */
const standIns = new Set(testHandlers.map((h) => h.code));
const withStandIns = [...codeHandlers.filter((h) => !standIns.has(h.code)), ...testHandlers];

async function hits(database: Database): Promise<number> {
  const rows = await database.db
    .select({ key: settings.key })
    .from(settings)
    .where(like(settings.key, `${HIT_PREFIX}%`));
  return rows.length;
}

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`API pipeline on ${target.name}`, () => {
    const env = useSeededApp(target, { handlers: withStandIns });

    test('00000 answers the seeded configuration in an envelope', async () => {
      const { response, envelope } = await post(env.app, '00000');
      expect(response.statusCode).toBe(200);
      expect(envelope.respCode).toBe('00000');
      const data = envelope.data as {
        serviceContract: string;
        coins: { symbol: string; precision: number; chains: string[] }[];
        features: Record<string, boolean>;
        chains: { id: string }[];
      };
      expect(data.serviceContract).toBe('');
      expect(data.coins.map((c) => c.symbol)).toEqual([
        'USDT',
        'BTC',
        'ETH',
        'TRX',
        'BNB',
        'LTC',
        'DOGE',
        'KAS',
        'NOVA',
        'ORBIT',
      ]);
      // Coins only mining produces are held on the platform: no chain (docs/mining.md).
      expect(data.coins.find((c) => c.symbol === 'KAS')?.chains).toEqual([]);
      expect(data.coins[0]).toMatchObject({ precision: 6, chains: ['TRC20', 'ERC20', 'BEP20'] });
      expect(data.chains.map((c) => c.id)).toEqual(['TRC20', 'ERC20', 'BEP20', 'BTC']);
      // Switched on by the seed, but only features whose codes all exist are reported open.
      expect(data.features.push).toBe(true);
      expect(data.features.mining).toBe(true);
      expect(data.features.ido).toBe(true);
      expect(data.features.trading).toBe(true);
      expect(data.features.referral).toBe(true);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    test('messages default to Simplified Chinese and follow the language set with E0001', async () => {
      const before = await post(env.app, '99999');
      expect(before.envelope).toEqual({
        respCode: ERRORS.unknown_code.code,
        respMsg: zhCN.errors.unknown_code,
        data: null,
      });
      const set = await post(env.app, 'E0001', { lang: 'ar' });
      expect(set.envelope.respCode).toBe('00000');
      const cookie = set.response.cookies.find((c) => c.name === 'lang');
      expect(cookie).toMatchObject({ value: 'ar', httpOnly: true, sameSite: 'Strict' });
      const after = await post(env.app, '99999', '', { cookie: 'lang=ar' });
      expect(after.envelope.respMsg).not.toBe(before.envelope.respMsg);
      expect(after.envelope.respMsg).toMatch(/[\u0600-\u06ff]/);
      const en = await post(env.app, '00000', '', { cookie: 'lang=en' });
      expect(en.envelope.respCode).toBe('00000');
    });

    test('an unsupported language is refused with its own error', async () => {
      const { response, envelope } = await post(env.app, 'E0001', { lang: 'xx' }, { cookie: 'lang=en' });
      expect(response.statusCode).toBe(400);
      expect(envelope).toEqual({
        respCode: ERRORS.unsupported_language.code,
        respMsg: 'This language is not supported.',
        data: null,
      });
    });

    test('field errors name the field in the reader language', async () => {
      const { envelope } = await post(env.app, 'E0001', {}, { cookie: 'lang=en' });
      expect(envelope).toMatchObject({
        respCode: ERRORS.field_required.code,
        respMsg: 'Please fill in the language.',
      });
      const dup = await post(env.app, 'E0001', 'lang=en&lang=fr', { cookie: 'lang=en' });
      expect(dup.envelope).toMatchObject({
        respCode: ERRORS.field_invalid.code,
        respMsg: 'The language is not valid.',
      });
    });

    test('a POST without the XMLHttpRequest header is refused before anything runs', async () => {
      const before = await hits(env.database);
      const response = await env.app.inject({
        method: 'POST',
        url: codePath('100666'),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=en' },
        payload: `note=x&requestId=${randomUUID()}`,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ respCode: ERRORS.csrf_header_missing.code });
      expect(await hits(env.database)).toBe(before);
    });

    test('a POST whose Origin names another site is refused, even with the header and a cookie', async () => {
      const before = await hits(env.database);
      const send = (origin: string | undefined) =>
        env.app.inject({
          method: 'POST',
          url: codePath('100666'),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-requested-with': 'XMLHttpRequest',
            host: '127.0.0.1:8080',
            cookie: 'lang=en; sid=stolen',
            ...(origin === undefined ? {} : { origin }),
          },
          payload: `note=x&requestId=${randomUUID()}`,
        });
      for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:9090']) {
        const response = await send(origin);
        expect([origin, response.statusCode, response.json().respCode]).toEqual([
          origin,
          403,
          ERRORS.csrf_header_missing.code,
        ]);
      }
      expect(await hits(env.database)).toBe(before);
      // The app's own origin, and a client that names none, get through to the code.
      expect((await send('http://127.0.0.1:8080')).json().respCode).not.toBe(ERRORS.csrf_header_missing.code);
      expect((await send(undefined)).json().respCode).not.toBe(ERRORS.csrf_header_missing.code);
    });

    test('JSON, plain text and missing content types are unsupported media', async () => {
      for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
        const response = await env.app.inject({
          method: 'POST',
          url: codePath('00000'),
          headers: { 'content-type': type, 'x-requested-with': 'XMLHttpRequest' },
          payload: type === 'application/json' ? '{"a":1}' : 'a',
        });
        expect(response.statusCode, type).toBe(415);
        expect(response.json()).toMatchObject({ respCode: ERRORS.unsupported_content_type.code, data: null });
      }
      const bare = await env.app.inject({
        method: 'POST',
        url: codePath('00000'),
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(bare.json()).toMatchObject({ respCode: ERRORS.unsupported_content_type.code });
    });

    test('a compressed body is not inflated: read as it came, it is refused, never a 5xx', async () => {
      const response = await env.app.inject({
        method: 'POST',
        url: codePath('E0001'),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-encoding': 'gzip',
          'x-requested-with': 'XMLHttpRequest',
        },
        payload: gzipSync('lang=en&requestId=0123456789abcdef0123456789abcdef'),
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().respCode).toBe(ERRORS.field_required.code);
    });

    test('an oversized body is refused with body_too_large', async () => {
      const { response, envelope } = await post(env.app, '00000', `x=${'a'.repeat(20_000)}`);
      expect(response.statusCode).toBe(413);
      expect(envelope.respCode).toBe(ERRORS.body_too_large.code);
    });

    test('a field over the length limit is refused', async () => {
      const { envelope } = await post(env.app, 'E0001', { lang: 'a'.repeat(3000) });
      expect(envelope.respCode).toBe(ERRORS.field_too_long.code);
    });

    test('unknown codes, other methods and unknown paths answer envelopes', async () => {
      for (const code of ['99999', '0000', 'abc', '00000x', '..%2F00000']) {
        const { response, envelope } = await post(env.app, code);
        expect(response.statusCode, code).toBe(404);
        expect(envelope.respCode, code).toBe(ERRORS.unknown_code.code);
      }
      const get = await env.app.inject({ method: 'GET', url: codePath('00000') });
      expect(get.statusCode).toBe(405);
      expect(get.json()).toMatchObject({ respCode: ERRORS.method_not_allowed.code });
      const nowhere = await env.app.inject({
        method: 'GET',
        url: '/nowhere',
        headers: { accept: 'text/html' },
      });
      expect(nowhere.statusCode).toBe(404);
      expect(nowhere.json()).toMatchObject({ respCode: ERRORS.not_found.code });
    });

    test('wallet codes without a session answer 500 (session ended); unbuilt codes are not open', async () => {
      const { response, envelope } = await post(env.app, '10010', {}, { cookie: 'lang=en' });
      expect(envelope.respCode).toBe('500');
      expect(response.statusCode).toBe(401);
      // A wallet code whose feature this server does not build says so rather than ending the
      // session (every code is built now: a server without the referral handlers stands in).
      const partial = await buildTestApp(env.database, {
        handlers: codeHandlers.filter((h) => h.code !== '100201'),
      });
      try {
        const referral = await post(partial.app, '100201', {}, { cookie: 'lang=en' });
        expect(referral.envelope).toEqual({
          respCode: ERRORS.not_open_yet.code,
          respMsg: 'Not open yet',
          data: null,
        });
      } finally {
        await partial.app.close();
      }
    });

    test('a mutating code needs a requestId and a well-formed one', async () => {
      const before = await hits(env.database);
      const missing = await post(env.app, '100666', { note: 'a' });
      expect(missing.envelope.respCode).toBe(ERRORS.request_id_required.code);
      const bad = await post(env.app, '100666', { note: 'a', requestId: 'not-a-uuid' });
      expect(bad.envelope.respCode).toBe(ERRORS.field_invalid.code);
      expect(await hits(env.database)).toBe(before);
    });

    test('a retry with the same requestId returns the first result and applies once', async () => {
      const before = await hits(env.database);
      const requestId = randomUUID();
      const first = await post(env.app, '100666', { note: 'five', requestId });
      const second = await post(env.app, '100666', { note: 'five', requestId });
      expect(first.envelope).toMatchObject({
        respCode: '00000',
        respMsg: '',
        data: { hit: expect.any(String) },
      });
      expect(second.envelope).toEqual(first.envelope);
      expect(await hits(env.database)).toBe(before + 1);
      const reused = await post(env.app, '100666', { note: 'seven', requestId });
      expect(reused.response.statusCode).toBe(409);
      expect(reused.envelope.respCode).toBe(ERRORS.request_id_reused.code);
      expect(await hits(env.database)).toBe(before + 1);
    });

    test('concurrent retries of one requestId apply exactly once; distinct ones all apply', async () => {
      const before = await hits(env.database);
      const requestId = randomUUID();
      const same = await Promise.all(
        Array.from({ length: 12 }, () => post(env.app, '100666', { note: 'x', requestId })),
      );
      expect(same.every((r) => r.envelope.respCode === '00000')).toBe(true);
      expect(new Set(same.map((r) => JSON.stringify(r.envelope))).size).toBe(1);
      expect(await hits(env.database)).toBe(before + 1);
      const distinct = await Promise.all(
        Array.from({ length: 12 }, () => post(env.app, '100666', { note: 'x', requestId: randomUUID() })),
      );
      expect(distinct.every((r) => r.envelope.respCode === '00000')).toBe(true);
      expect(await hits(env.database)).toBe(before + 13);
    });

    test('an unexpected failure answers without details and leaves no idempotency key', async () => {
      const requestId = randomUUID();
      const { response, envelope } = await post(env.app, '100655', { requestId }, { cookie: 'lang=en' });
      expect(envelope.respCode).toBe(ERRORS.internal_error.code);
      expect(JSON.stringify(envelope)).not.toMatch(/boom|0x5290|stack|at /);
      // A server fault, not the client's: the only 5xx the pipeline can give (the fuzz test
      // proves client input never reaches it).
      expect(response.statusCode).toBe(503);
      const keys = await env.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.requestId, requestId));
      expect(keys).toEqual([]);
    });

    test('security headers: API answers load nothing and cannot be framed; the page keeps its strict CSP', async () => {
      for (const code of ['00000', '10008', 'nope']) {
        const { response } = await post(env.app, code);
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(response.headers['cache-control']).toBe('no-store');
      }
      // Anything else (the page, its files, the health check) carries the page's policy.
      const page = await env.app.inject({ method: 'GET', url: '/healthz' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    test('the health endpoint reports the database', async () => {
      const response = await env.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: target.name });
    });
  });
}

describe('logs', () => {
  test('never contain cookies, signatures, full addresses or client IPs', async () => {
    const target = DATABASE_TARGETS[0];
    if (!target) throw new Error('no database target');
    const { database, dispose } = await target.create();
    await seedDemo(database);
    let log = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += String(chunk);
        done();
      },
    });
    const { app } = await buildTestApp(database, {
      handlers: withStandIns,
      loggerStream: stream,
    });
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const signature = `0x${'ab'.repeat(65)}`;
    await app.inject({
      method: 'POST',
      url: `${codePath('00000')}?address=${address}`,
      headers: {
        ...FORM_HEADERS,
        cookie: 'session=secret-session-value; lang=en',
        'x-forwarded-for': '203.0.113.9',
      },
      payload: `signature=${signature}&address=${address}`,
      remoteAddress: '198.51.100.7',
    });
    await post(app, '100655', { requestId: randomUUID() });
    await app.close();
    await dispose();
    expect(log).toContain('incoming request');
    expect(log).toContain('unexpected error');
    for (const secret of [
      'secret-session-value',
      signature,
      address,
      address.toLowerCase(),
      '203.0.113.9',
      '198.51.100.7',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
