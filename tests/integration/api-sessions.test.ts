/**
 * The request pipeline end to end through the real app, on PGlite and on PostgreSQL: sessions,
 * idempotency, unexpected failures, security headers and health; and what the logs never hold.
 * Envelopes, translations, the CSRF guard, media types and limits are in api.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { codePath } from '../../protocol/envelope.ts';
import { ERRORS } from '../../protocol/errors.ts';
import { idempotencyKeys } from '../../server/http/idempotency/idempotency.schema.ts';
import { codeHandlers } from '../../server/modules/index.ts';
import { buildTestApp, FORM_HEADERS, post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useSeededApp, withSeededDatabase } from '../helpers/seeded-app.ts';
import { hits, withStandIns } from './api-stand-ins.ts';

for (const target of DATABASE_TARGETS) {
  describe.skipIf(!target.available)(`API pipeline on ${target.name}`, () => {
    const env = useSeededApp(target, { handlers: withStandIns });

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
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const signature = `0x${'ab'.repeat(65)}`;
    const log = await withSeededDatabase(async (database) => {
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
      return log;
    });
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
