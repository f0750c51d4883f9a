/**
 * The usual integration-test setup: a fresh database of the given kind, the demo seed, the real
 * app over it; closed and dropped after the file's tests.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { buildTestApp, type TestAppOptions } from './app.ts';
import type { DatabaseTarget } from './databases.ts';

export interface SeededApp {
  app: FastifyInstance;
  database: Database;
}

export function useSeededApp(target: DatabaseTarget, options: TestAppOptions = {}): SeededApp {
  const env = {} as SeededApp;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await target.create();
    env.database = created.database;
    dispose = created.dispose;
    await seedDemo(env.database);
    ({ app: env.app } = await buildTestApp(env.database, options));
  });
  afterAll(async () => {
    await env.app?.close();
    await dispose?.();
  });
  return env;
}
