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
import { codeHandlers, handlerMap, implementedFeatures } from './modules/index.ts';
import type { MarketEngine } from './modules/markets/engine.ts';
import { isUnconfigured, seedDemo } from './seed/demo.ts';

export async function openConfiguredDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  return database;
}

export async function applyDemoSeed(database: Database): Promise<number> {
  return (await isUnconfigured(database)) ? seedDemo(database) : 0;
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
        demo: options.demo ?? false,
        markets: options.markets ?? null,
      }),
      publicUrl: options.publicUrl ?? null,
      demo: options.demo ?? false,
      markets: options.markets ?? null,
    },
  };
}
