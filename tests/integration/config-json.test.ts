/**
 * 00000 answers with the configuration serialized once per cached copy (ConfigService.getJson):
 * the text must read back as exactly what get() returns, with the server time of the call, and a
 * change the operator makes must show in it once the cached copy is dropped.
 */
import { describe, expect, test } from 'vitest';
import type { GlobalConfig } from '../../protocol/config.ts';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { buildTestApp, post } from '../helpers/app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';

const pglite = DATABASE_TARGETS[0];
if (!pglite) throw new Error('no database');

describe('the configuration as JSON text', () => {
  const env = useSeededApp(pglite);

  test('reads back as get() does, with this call’s server time, and follows a change once the copy is dropped', async () => {
    const { runtime } = await buildTestApp(env.database);
    const config = runtime.services.config;
    const before = Date.now();
    const parsed = JSON.parse(await config.getJson()) as GlobalConfig;
    const object = await config.get();
    expect({ ...parsed, serverTime: 0 }).toEqual({ ...object, serverTime: 0 });
    expect(parsed.serverTime).toBeGreaterThanOrEqual(before);
    expect(parsed.serverTime).toBeLessThanOrEqual(Date.now());

    // Through the app: the envelope around it is the usual one.
    const answer = await post(env.app, '00000');
    expect(answer.response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.envelope).toMatchObject({ respCode: '00000', respMsg: '' });
    expect(Object.keys(answer.envelope.data ?? {})).toEqual(Object.keys(object));

    const value = '@meridian_json_test';
    const changed = await runAdminCommand(
      { argv: ['config', 'contact', 'telegram', value, '--reason', 'test'], actor: 'ops' },
      { database: env.database, via: 'direct' },
    );
    expect(changed.ok, changed.text).toBe(true);
    // A change drops the cached copy (the CLI's NOTIFY does it in a running server), and its
    // text with it: the next answer is serialized from the new copy.
    expect(await config.getJson()).not.toContain(value);
    config.invalidate();
    const after = JSON.parse(await config.getJson()) as GlobalConfig;
    expect(after.contact.map((c) => c.value)).toContain(value);
  });
});
