/**
 * The request pipeline end to end through the real app, on PGlite and on PostgreSQL: envelopes,
 * translations, the CSRF guard, media types, body limits, unknown codes. Sessions, idempotency,
 * failures, headers, health and logs are in api-sessions.test.ts.
 */

import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import { codePath } from '../../protocol/envelope.ts';
import { ERRORS } from '../../protocol/errors.ts';
import { post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { DEMO_COINS } from '../helpers/wallets.ts';
import { hits, withStandIns } from './api-stand-ins.ts';

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
      expect(data.coins.map((c) => c.symbol)).toEqual(DEMO_COINS);
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
  });
}
