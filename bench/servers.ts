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
  anchor: number;
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

  // The anchor: a bare Fastify POST route on the same path that answers each code with the bytes
  // Meridian answered it with once, so the two differ only in what Meridian does per request.
  const samples = new Map<string, string>();
  for (const code of HOT_CODES) {
    const answer = await meridian.inject({
      method: 'POST',
      url: codePath(code),
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    samples.set(`${code}.do`, answer.body);
  }
  const anchor = Fastify();
  await anchor.register(fastifyFormbody);
  anchor.post<{ Params: { file: string } }>('/adc/html/eto/:file', async (request, reply) => {
    const body = samples.get(request.params.file);
    if (body === undefined) return reply.code(404).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  await meridian.listen({ port: 0, host: HOST });
  await anchor.listen({ port: 0, host: HOST });

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
