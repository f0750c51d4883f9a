/**
 * The chain watchers the server runs: one periodic job per EVM chain whose JSON-RPC URL the
 * environment names (`CHAIN_RPC_<CHAIN>`, e.g. `CHAIN_RPC_ERC20`; URLs may carry API keys, so they
 * live in the environment, not in the database). With none named, no watcher runs and the
 * operator's `admin deposit` still credits (docs/deposit-addresses.md).
 */
import { createPublicClient, http, type PublicClient } from 'viem';
import type { Database } from '../../db/client.ts';
import { PeriodicJob } from '../../jobs/periodic-job.ts';
import { watchChainOnce } from './evm-watcher.ts';

const EVERY_MS = 3_000;

export function chainRpcUrls(env: NodeJS.ProcessEnv): Map<string, string> {
  const urls = new Map<string, string>();
  for (const [key, value] of Object.entries(env)) {
    const chain = /^CHAIN_RPC_([A-Z0-9]{2,12})$/.exec(key)?.[1];
    if (!chain || !value) continue;
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`${key} must be an http(s) URL`);
    urls.set(chain, value);
  }
  return urls;
}

export function chainWatcherJobs(database: Database, urls: ReadonlyMap<string, string>): PeriodicJob[] {
  return [...urls].map(([chain, url]) => {
    const rpc = createPublicClient({
      transport: http(url, { timeout: 10_000 }),
      cacheTime: 0,
    }) as PublicClient;
    return new PeriodicJob({
      name: `chain watcher ${chain}`,
      everyMs: EVERY_MS,
      run: async () => {
        const r = await watchChainOnce(database, chain, rpc);
        const moved = r.detected + r.credited + r.dropped;
        return moved > 0 || r.rewound
          ? `${r.detected} detected, ${r.credited} credited, ${r.dropped} dropped${r.rewound ? ', rewound after a reorg' : ''}`
          : null;
      },
    });
  });
}
