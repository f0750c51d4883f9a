/**
 * What the server and the admin CLI share at start: the database opened and migrated, the demo
 * seed applied to an empty embedded database, and the long-lived services.
 */
import path from 'node:path';
import type { ApiCode } from '../protocol/codes.ts';
import type { ServerConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { CodeHandler, Services } from './http/handler.ts';
import { createConfigService } from './modules/config/config.service.ts';
import { codeHandlers, configParts, handlerMap, implementedFeatures } from './modules/index.ts';
import type { MarketEngine } from './modules/markets/engine.ts';
import { isUnconfigured, seedDemo } from './seed/demo.ts';

/** "MIG1": processes starting together on one PostgreSQL migrate and seed one after another. */
const STARTUP_LOCK_KEY = 0x4d494731;

/** Runs `work` holding the start-up lock, waiting for it while another process holds it. */
async function oneAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  for (;;) {
    const lock = await database.tryAdvisoryLock(STARTUP_LOCK_KEY);
    if (lock.acquired) {
      try {
        return await work();
      } finally {
        await lock.release();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function openConfiguredDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  await oneAtATime(database, () => database.migrate());
  return database;
}

/** Seeds an empty database with the demo; the second of two processes starting together finds it seeded. */
export async function applyDemoSeed(database: Database): Promise<number> {
  return oneAtATime(database, async () => ((await isUnconfigured(database)) ? seedDemo(database) : 0));
}

export interface Runtime {
  handlers: Map<ApiCode, CodeHandler>;
  services: Services;
}

export function createRuntime(
  database: Database,
  options: {
    handlers?: readonly CodeHandler[];
    publicUrl?: string | null;
    demo?: boolean;
    markets?: MarketEngine | null;
  } = {},
): Runtime {
  const map = handlerMap(options.handlers ?? codeHandlers);
  return {
    handlers: map,
    services: {
      config: createConfigService({
        db: database.db,
        implementedFeatures: implementedFeatures(map),
        parts: configParts(options.markets ?? null),
        demo: options.demo ?? false,
      }),
      publicUrl: options.publicUrl ?? null,
      demo: options.demo ?? false,
      markets: options.markets ?? null,
    },
  };
}
