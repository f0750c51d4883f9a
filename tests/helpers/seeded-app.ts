/**
 * The usual integration-test setup: a fresh database of the given kind, the demo seed, the real
 * app over it (with a market engine over a price source the test holds, for `useMarketApp`);
 * closed and dropped after the file's tests.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { MarketEngine } from '../../server/modules/markets/engine.ts';
import type { PriceSource } from '../../server/modules/markets/feed.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { buildTestApp, type TestAppOptions } from './app.ts';
import { DATABASE_TARGETS, type DatabaseTarget } from './databases.ts';

export interface SeededApp {
  app: FastifyInstance;
  database: Database;
}

export interface MarketApp<S extends PriceSource> extends SeededApp {
  /** The engine the app serves; a test may replace it (and `app`) to start the app again. */
  engine: MarketEngine;
  source: S;
}

/** A seeded database, then `build` fills in the rest of `env` (at least `app`). */
function useSeeded<T extends SeededApp>(target: DatabaseTarget, build: (env: T) => Promise<void>): T {
  const env = {} as T;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await target.create();
    env.database = created.database;
    dispose = created.dispose;
    await seedDemo(env.database);
    await build(env);
  });
  afterAll(async () => {
    await env.app?.close();
    await dispose?.();
  });
  return env;
}

export function useSeededApp(target: DatabaseTarget, options: TestAppOptions = {}): SeededApp {
  return useSeeded<SeededApp>(target, async (env) => {
    ({ app: env.app } = await buildTestApp(env.database, options));
  });
}

/** The app with a market engine over `source` (a controlled one pins the prices a test chooses). */
export function useMarketApp<S extends PriceSource>(target: DatabaseTarget, source: S): MarketApp<S> {
  return useSeeded<MarketApp<S>>(target, async (env) => {
    env.source = source;
    env.engine = new MarketEngine({ database: env.database, source });
    ({ app: env.app } = await buildTestApp(env.database, { markets: env.engine }));
  });
}

/**
 * An in-memory PGlite database with the schema and the demo seed as the demo ships it (without
 * the test defaults), for a file that runs its own engine and clocks over it; the file closes it.
 */
export async function openDemoDatabase(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database);
  return database;
}

/** A fresh seeded database (the first target, PGlite) for one test's own app: disposed after `use`. */
export async function withSeededDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const target = DATABASE_TARGETS[0];
  if (!target) throw new Error('no database');
  const { database, dispose } = await target.create();
  try {
    await seedDemo(database);
    return await use(database);
  } finally {
    await dispose();
  }
}
