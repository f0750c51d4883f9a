/**
 * Reading declared reserve addresses on chain (docs/solvency.md): the native coin's balance or an
 * ERC-20's `balanceOf`, through the same JSON-RPC URLs the chain watchers use
 * (`CHAIN_RPC_<CHAIN>`). A chain without a URL, a coin not configured on the chain, or a failed
 * call reads as null: "not attested". Nothing here is ever typed in by hand.
 */
import { and, eq } from 'drizzle-orm';
import { createPublicClient, erc20Abi, getAddress, http, type PublicClient } from 'viem';
import { SOLVENCY_SCALE } from '../../../protocol/solvency-units.ts';
import type { DbOrTx } from '../../db/client.ts';
import { amountAt } from '../chain-watch/index.ts';
import { coinChains } from '../config/index.ts';
import type { ReserveAddress, ReserveReader } from './solvency.service.ts';

export function chainReserveReader(db: DbOrTx, urls: ReadonlyMap<string, string>): ReserveReader {
  const clients = new Map<string, PublicClient>();
  const clientOf = (chain: string): PublicClient | null => {
    const url = urls.get(chain);
    if (!url) return null;
    let client = clients.get(chain);
    if (!client) {
      client = createPublicClient({
        transport: http(url, { timeout: 10_000 }),
        cacheTime: 0,
      }) as PublicClient;
      clients.set(chain, client);
    }
    return client;
  };
  return async (reserve: ReserveAddress) => {
    const rpc = clientOf(reserve.chain);
    if (!rpc) return null;
    const [link] = await db
      .select()
      .from(coinChains)
      .where(and(eq(coinChains.chain, reserve.chain), eq(coinChains.coin, reserve.coin)));
    if (!link) return null;
    const owner = getAddress(reserve.address);
    if (link.native) return amountAt(await rpc.getBalance({ address: owner }), 18, SOLVENCY_SCALE);
    if (!link.contract || link.decimals === null) return null;
    const balance = await rpc.readContract({
      address: getAddress(link.contract),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
    // Cut at the ledger's 18 places, as the chain watcher cuts deposits at a coin's precision.
    return amountAt(balance, link.decimals, SOLVENCY_SCALE);
  };
}
