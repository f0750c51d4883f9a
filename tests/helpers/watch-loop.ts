/**
 * A chain watcher in a process of its own, for the test that kills it: passes over one chain, one
 * after another, until the process is killed.
 *
 *   node tests/helpers/watch-loop.ts <database url> <chain> <rpc url>
 */
import { createPublicClient, http, type PublicClient } from 'viem';
import { openDatabase } from '../../server/db/client.ts';
import { watchChainOnce } from '../../server/modules/chain-watch/evm-watcher.ts';

const [databaseUrl, chain, rpcUrl] = process.argv.slice(2);
if (!databaseUrl || !chain || !rpcUrl)
  throw new Error('usage: watch-loop.ts <database url> <chain> <rpc url>');
const database = await openDatabase({ databaseUrl, pgliteDir: null });
const rpc = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 }) as PublicClient;
process.stdout.write('watching\n');
for (;;) {
  await watchChainOnce(database, chain, rpc);
  await new Promise((r) => setTimeout(r, 20));
}
