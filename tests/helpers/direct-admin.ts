/**
 * The admin CLI's commands run in the test's own process on the test's database, as `admin …
 * --reason test` by the operator "ops". `env` is read at each call, so a helper made while a
 * suite is declared works once its beforeAll has opened the database.
 */
import { runAdminCommand } from '../../server/admin/runner.ts';
import type { Database } from '../../server/db/client.ts';

export function directAdmin(env: { readonly database: Database }) {
  return (...argv: string[]) =>
    runAdminCommand(
      { argv: [...argv, '--reason', 'test'], actor: 'ops' },
      { database: env.database, via: 'direct' },
    );
}
