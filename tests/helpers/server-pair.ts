/**
 * Two server processes on one fresh PostgreSQL database, as a deployment behind a load balancer
 * runs them (alerts.test.ts, invariant-run.test.ts, scale-out.test.ts): started together before
 * the file's tests with the environment `envOf` makes from the database's, killed (and the
 * database dropped) after them.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  type FormCall,
  formClient,
  postgresTarget,
  type ServerProcess,
  type ServerTarget,
  startServer,
} from './server-process.ts';

export interface ServerPair {
  target: ServerTarget;
  /** The environment both processes were started with. */
  env: Record<string, string>;
  servers: ServerProcess[];
}

export function useServerPair(
  envOf: (target: ServerTarget) => Record<string, string> | Promise<Record<string, string>>,
): ServerPair {
  const pair = { servers: [] as ServerProcess[] } as ServerPair;
  beforeAll(async () => {
    pair.target = await postgresTarget();
    pair.env = await envOf(pair.target);
    // Same host, same DATA_DIR, same DATABASE_URL, started at the same moment.
    pair.servers = await Promise.all([startServer(pair.env), startServer(pair.env)]);
  }, 120_000);
  afterAll(async () => {
    for (const s of pair.servers) s.child.kill('SIGKILL');
    await pair.target?.cleanup();
  });
  return pair;
}

/** A caller on each of the two processes, both holding one session (one cookie). */
export function sharedSession(servers: readonly ServerProcess[]): [FormCall, FormCall] {
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const session = { cookie: '' };
  return [formClient(a.url, session), formClient(b.url, session)];
}
