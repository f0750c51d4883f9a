/**
 * A withdraw sender in a process of its own, for the test that kills it with SIGKILL at a chosen
 * point: it runs passes until its broadcast step is reached, says so on stdout and then hangs
 * there, so that the kill lands exactly before (`before`) or after (`after`) the broadcast.
 * The hot wallet key comes from HOT_WALLET_KEY_<CHAIN>, as for the server.
 *
 *   node tests/helpers/send-loop.ts <database url> <chain> <rpc url> <before|after> <clock ISO>
 */
import { createPublicClient, type Hex, http, type PublicClient } from 'viem';
import { openDatabase } from '../../server/db/client.ts';
import { hotWalletAccount, sendOnce } from '../../server/modules/withdraw-sender/index.ts';

const [databaseUrl, chain, rpcUrl, point, clock] = process.argv.slice(2);
if (!databaseUrl || !chain || !rpcUrl || (point !== 'before' && point !== 'after') || !clock)
  throw new Error('usage: send-loop.ts <database url> <chain> <rpc url> <before|after> <clock ISO>');
const account = hotWalletAccount(process.env, chain);
if (!account) throw new Error(`no HOT_WALLET_KEY_${chain}`);
const database = await openDatabase({ databaseUrl, pgliteDir: null });
const rpc = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 }) as PublicClient;
const hang = () => new Promise<never>(() => undefined);
const broadcast = async (raw: Hex) => {
  if (point === 'after') await rpc.sendRawTransaction({ serializedTransaction: raw });
  process.stdout.write(`${point} the broadcast\n`);
  return hang();
};
for (;;) {
  await sendOnce({
    database,
    chain,
    rpc,
    account,
    now: () => new Date(clock),
    replaceAfterMs: 60_000,
    broadcast,
  });
  await new Promise((r) => setTimeout(r, 20));
}
