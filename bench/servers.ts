/**
 * The benchmark's servers, run as a child process of the benchmark so that the load generator and
 * the servers do not share one event loop. It starts two HTTP servers on loopback, each on an
 * ephemeral port:
 *
 * - `meridian`: the real app, built as server/main.ts builds it (buildApp + createRuntime +
 *   createTranslator) over an in-memory PGlite database, migrated and seeded with the demo data.
 *   Rate limits are raised so the benchmark measures the app rather than the limiter.
 * - `anchor`: a bare Fastify app with one `GET /hello` route, the yardstick the app is compared to.
 *
 * When both listen it prints one JSON line on stdout, `{"meridian":<port>,"anchor":<port>}`, and
 * waits. It stops on SIGTERM or SIGINT, and when its stdin closes (the parent went away).
 * Logs go to stderr so that stdout carries only that line.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { createTranslator } from '../server/i18n.ts';
import { applyDemoSeed, createRuntime } from '../server/runtime.ts';

const HOST = '127.0.0.1';
/** High enough that no benchmark run reaches it. */
const UNTHROTTLED = 10_000_000;

export interface ServerPorts {
  meridian: number;
  anchor: number;
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no TCP address');
  return address.port;
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  const seeded = await applyDemoSeed(database);
  if (seeded === 0) throw new Error('the demo seed did not run on the fresh in-memory database');
  const runtime = createRuntime(database);
  const translator = await createTranslator();
  const meridian = await buildApp({
    database,
    config: {
      rateLimitPerIp: UNTHROTTLED,
      rateLimitPerWallet: UNTHROTTLED,
      trustProxy: false,
      // No built client: product calls do not need one.
      clientDir: path.join(tmpdir(), 'meridian-bench-no-client'),
      logLevel: 'warn',
    },
    translator,
    ...runtime,
    loggerStream: process.stderr,
  });

  const anchor = Fastify();
  anchor.get('/hello', async () => ({ hello: 'world' }));

  await meridian.listen({ port: 0, host: HOST });
  await anchor.listen({ port: 0, host: HOST });

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([meridian.close(), anchor.close()]);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.on('error', () => void stop());
  process.stdin.resume();

  const ports: ServerPorts = { meridian: portOf(meridian), anchor: portOf(anchor) };
  process.stdout.write(`${JSON.stringify(ports)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench servers could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
