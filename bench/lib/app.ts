/** The real app as the benchmarks run it: no client files, limits out of the way, logs on stderr. */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { createTranslator } from '../../server/i18n.ts';
import type { MarketEngine } from '../../server/modules/markets/engine.ts';
import { createRuntime } from '../../server/runtime.ts';

/** High enough that the rate limiter never throttles a benchmark. */
export const UNTHROTTLED = 10_000_000;

export async function buildBenchApp(
  database: Database,
  options: { markets?: MarketEngine } = {},
): Promise<FastifyInstance> {
  return buildApp({
    database,
    config: {
      rateLimitPerIp: UNTHROTTLED,
      rateLimitPerWallet: UNTHROTTLED,
      trustProxy: false,
      // No built client: product calls do not need one.
      clientDir: path.join(tmpdir(), 'meridian-bench-no-client'),
      publicUrl: null,
      logLevel: 'warn',
    },
    translator: await createTranslator(),
    ...createRuntime(database, options.markets ? { markets: options.markets } : {}),
    loggerStream: process.stderr,
  });
}
