/**
 * The local-chain suites' shared setup (chain-watcher.test.ts, solvency-reserves.test.ts): a local
 * node (Hardhat's EDR) with a 6-decimal USDT token deployed, and a fresh seeded database set up by
 * the operator's commands `configure` names (each must succeed); `ready` then does the suite's own
 * preparation. Both are stopped after the file's tests.
 */
import type { Hex } from 'viem';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import type { DatabaseTarget } from './databases.ts';
import { directAdmin } from './direct-admin.ts';
import { type LocalChain, startLocalChain } from './local-chain.ts';

export interface ChainEnv {
  chain: LocalChain;
  database: Database;
  /** The deployed USDT token's address. */
  usdt: Hex;
}

export function useChainDatabase(
  target: DatabaseTarget | undefined,
  configure: (usdt: Hex) => readonly string[][],
  ready: (env: ChainEnv) => Promise<void> = async () => undefined,
) {
  const env = {} as ChainEnv;
  const admin = directAdmin(env);
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (!target) return;
    env.chain = await startLocalChain();
    ({ database: env.database, dispose } = await target.create());
    await seedDemo(env.database);
    env.usdt = await env.chain.deployToken('USDT', 6, '1000000');
    for (const argv of configure(env.usdt)) {
      const result = await admin(...argv);
      expect(result.ok, result.text).toBe(true);
    }
    await ready(env);
  }, 120_000);
  afterAll(async () => {
    await env.chain?.stop();
    await dispose?.();
  });
  return { env, admin };
}
