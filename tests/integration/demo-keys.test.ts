/**
 * The demo's public test deposit keys (docs/deposit-addresses.md, "Demo keys"): a PostgreSQL
 * deployment refuses to start with them unless ALLOW_DEMO_KEYS says so, and then warns in its log
 * and in `admin status`; a deployment with its own keys starts without a word.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { postgresAvailable } from '../helpers/databases.ts';
import {
  adminCli,
  exited,
  postgresTarget,
  type ServerProcess,
  type ServerTarget,
  startServer,
} from '../helpers/server-process.ts';

const OWN_EVM_XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';

describe.skipIf(!postgresAvailable)('public test deposit keys on PostgreSQL', () => {
  const targets: ServerTarget[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) {
      s.child.kill('SIGKILL');
      await exited(s.child);
    }
    for (const t of targets) await t.cleanup();
  });

  test('refused without ALLOW_DEMO_KEYS; allowed, the log and admin status warn', async () => {
    const target = await postgresTarget();
    targets.push(target);
    await expect(startServer({ ...target.env, ALLOW_DEMO_KEYS: 'false' })).rejects.toThrow(
      /the deposit keys of bitcoin, evm, tron are the public test keys of the demo: anyone can spend/,
    );
    const server = await startServer({ ...target.env, LOG_LEVEL: 'warn', ALLOW_DEMO_KEYS: 'true' });
    servers.push(server);
    expect(server.output()).toContain('come from public test keys: do not send real funds');
    const status = JSON.parse(await adminCli(target.env, 'status'));
    expect(status.warnings).toEqual([
      'the bitcoin deposit key is a public test key: do not send real funds (admin config xpub)',
      'the evm deposit key is a public test key: do not send real funds (admin config xpub)',
      'the tron deposit key is a public test key: do not send real funds (admin config xpub)',
    ]);
  }, 120_000);

  test("the operator's own keys: it starts without a warning", async () => {
    const target = await postgresTarget();
    targets.push(target);
    const env = { ...target.env, DEMO_SEED: 'false', ALLOW_DEMO_KEYS: 'false' };
    const first = await startServer(env);
    servers.push(first);
    await adminCli(env, 'config', 'xpub', 'evm', OWN_EVM_XPUB, '--reason', 'own keys');
    first.child.kill('SIGKILL');
    await exited(first.child);
    const again = await startServer({ ...env, LOG_LEVEL: 'warn' });
    servers.push(again);
    expect(again.output()).not.toContain('public test keys');
    expect(JSON.parse(await adminCli(env, 'status')).warnings).toEqual([]);
  }, 120_000);
});
