/**
 * The admin CLI's commands run in the test's own process on the test's database, as `admin …
 * --reason test` by the operator "ops". `env` is read at each call, so a helper made while a
 * suite is declared works once its beforeAll has opened the database.
 */
import { expect } from 'vitest';
import { runAdminCommand } from '../../server/admin/runner.ts';
import { asFirstSetup } from '../../server/admin/two-person.ts';
import type { Database } from '../../server/db/client.ts';

type DatabaseEnv = { readonly database: Database };

/** Runs `argv` exactly as given (the test names its own `--reason`, or leaves it out on purpose). */
export function opsAdmin(env: DatabaseEnv) {
  return (...argv: string[]) =>
    runAdminCommand({ argv: asFirstSetup(argv), actor: 'ops' }, { database: env.database, via: 'direct' });
}

export function directAdmin(env: DatabaseEnv) {
  const admin = opsAdmin(env);
  return (...argv: string[]) => admin(...argv, '--reason', 'test');
}

/** `directAdmin` for commands that must succeed: a refusal fails the test with the CLI's text. */
export function checkedAdmin(env: DatabaseEnv) {
  const admin = directAdmin(env);
  return async (...argv: string[]) => {
    const result = await admin(...argv);
    expect(result.ok, result.text).toBe(true);
    return result;
  };
}
