/**
 * The withdraw senders the server runs: one periodic job per EVM chain whose JSON-RPC URL
 * (`CHAIN_RPC_<CHAIN>`) and hot wallet key (./hot-wallet.ts) the environment both name. A chain
 * with a URL and no key keeps the operator's manual processing (`admin withdrawals process`).
 */
import { createPublicClient, http, type PublicClient } from 'viem';
import type { Database } from '../../db/client.ts';
import { PeriodicJob } from '../../jobs/periodic-job.ts';
import { hotWalletAccount } from './hot-wallet.ts';
import { sendOnce } from './sender-pass.ts';

const EVERY_MS = 5_000;
/** A send not mined this long after signing is replaced with higher fees (SENDER_REPLACE_AFTER_S). */
const REPLACE_AFTER_MS = 10 * 60_000;

export function replaceAfterMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.SENDER_REPLACE_AFTER_S ?? '');
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds * 1000 : REPLACE_AFTER_MS;
}

export function withdrawSenderJobs(
  database: Database,
  urls: ReadonlyMap<string, string>,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): PeriodicJob[] {
  return [...urls].flatMap(([chain, url]) => {
    const account = hotWalletAccount(env, chain);
    if (!account) return [];
    const rpc = createPublicClient({
      transport: http(url, { timeout: 10_000 }),
      cacheTime: 0,
    }) as PublicClient;
    return [
      new PeriodicJob({
        name: `withdraw sender ${chain}`,
        everyMs: EVERY_MS,
        run: async () => {
          const r = await sendOnce({
            database,
            chain,
            rpc,
            account,
            now: () => new Date(),
            replaceAfterMs: replaceAfterMs(env),
            log: (line) => log(`withdraw sender ${chain}: ${line}`),
          });
          const moved = r.approved + r.sent + r.rebroadcast + r.replaced + r.completed + r.failed;
          return moved > 0
            ? `${r.approved} auto-approved, ${r.sent} sent, ${r.rebroadcast} rebroadcast, ${r.replaced} replaced, ${r.completed} completed, ${r.failed} failed`
            : null;
        },
      }),
    ];
  });
}
