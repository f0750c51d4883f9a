import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { codePath } from '../protocol/envelope.ts';
import { openDatabase } from '../server/db/client.ts';
import { MarketEngine } from '../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../server/modules/markets/instruments.ts';
import { applyDemoSeed } from '../server/runtime.ts';
import { buildBenchApp } from './lib/app.ts';
import { HOT_CODES } from './lib/hot-path.ts';

const HOST = '127.0.0.1';

export interface ServerPorts {
  meridian: number;
  /** The bare route with Meridian's bytes: its headers and body. */
  anchor: number;
  /** The bare route with Meridian's body and Fastify's default headers. */
  bodyAnchor: number;
}

interface Sample {
  body: string;
  headers: Record<string, string>;
}

/** Headers Node writes for every answer on its own (the connection's, the date, the length). */
const CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

function answeredHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || CONNECTION_HEADERS.has(name.toLowerCase())) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

async function anchorServer(samples: Map<string, Sample>, sameHeaders: boolean): Promise<FastifyInstance> {
  const anchor = Fastify();
  await anchor.register(fastifyFormbody);
  anchor.post<{ Params: { file: string } }>('/adc/html/eto/:file', async (request, reply) => {
    const sample = samples.get(request.params.file);
    if (sample === undefined) return reply.code(404).send();
    if (sameHeaders) return reply.headers(sample.headers).send(sample.body);
    return reply.type('application/json; charset=utf-8').send(sample.body);
  });
  return anchor;
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no TCP address');
  return address.port;
}

async function startProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => (await session.post('Profiler.stop')).profile;
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  const seeded = await applyDemoSeed(database);
  if (seeded === 0) throw new Error('the demo seed did not run on the fresh in-memory database');
  // The market list (10068) reads the last day of minutes: a day of them, as a server stores them.
  const markets = new MarketEngine({
    database,
    source: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'bench' }),
    minuteBackfillDays: 1,
    dailyBackfillDays: 2,
  });
  await markets.syncCandles();
  const meridian = await buildBenchApp(database, { markets });

  // The anchors: bare Fastify POST routes on the same path that answer each code with what
  // Meridian answered it with once, so that they differ from it only in what Meridian does per
  // request. `anchor` sends the same bytes, headers and body (the connection's own headers, date
  // and length, Node writes for both); `bodyAnchor` the same body with Fastify's default headers
  // only, which is what this bench compared with until 2026-11-26 (docs/hot-path.md says why the
  // headers belong to the bytes).
  const samples = new Map<string, Sample>();
  for (const code of HOT_CODES) {
    const answer = await meridian.inject({
      method: 'POST',
      url: codePath(code),
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    samples.set(`${code}.do`, { body: answer.body, headers: answeredHeaders(answer.headers) });
  }
  const anchor = await anchorServer(samples, true);
  const bodyAnchor = await anchorServer(samples, false);

  await meridian.listen({ port: 0, host: HOST });
  await anchor.listen({ port: 0, host: HOST });
  await bodyAnchor.listen({ port: 0, host: HOST });

  // BENCH_CPU_PROFILE=<file>: a CPU profile of the servers while they are under load (from here
  // to the stop), without the start-up's module loading and seeding (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROFILE ? await startProfile() : null;
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    if (profile && process.env.BENCH_CPU_PROFILE) {
      writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(await profile()));
    }
    await Promise.allSettled([meridian.close(), anchor.close(), bodyAnchor.close()]);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.on('error', () => void stop());
  process.stdin.resume();

  const ports: ServerPorts = {
    meridian: portOf(meridian),
    anchor: portOf(anchor),
    bodyAnchor: portOf(bodyAnchor),
  };
  process.stdout.write(`${JSON.stringify(ports)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench servers could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
