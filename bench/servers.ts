import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase } from '../server/db/client.ts';
import { applyDemoSeed } from '../server/runtime.ts';
import { buildBenchApp } from './lib/app.ts';

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

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  const seeded = await applyDemoSeed(database);
  if (seeded === 0) throw new Error('the demo seed did not run on the fresh in-memory database');
  const meridian = await buildBenchApp(database);

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
