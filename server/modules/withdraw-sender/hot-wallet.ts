/**
 * The hot wallet of an EVM chain (docs/withdrawals.md, "The sender"): its private key comes from
 * the environment, `HOT_WALLET_KEY_<CHAIN>` (e.g. HOT_WALLET_KEY_ERC20) or else one
 * `HOT_WALLET_KEY` for every EVM chain. The key stays inside the viem account made here: it is
 * never stored, logged, answered or put in an error (a malformed key says which variable, not
 * what it holds).
 */
import { and, eq } from 'drizzle-orm';
import { erc20Abi, type Hex, type PrivateKeyAccount, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DbOrTx } from '../../db/client.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { amountAt } from '../chain-watch/index.ts';
import { chains, coinChains } from '../config/index.ts';

export class HotWalletKeyError extends Error {
  override name = 'HotWalletKeyError';
}

/** The variable that holds `chain`'s key, or null when none is set. */
export function hotWalletKeyVariable(env: NodeJS.ProcessEnv, chain: string): string | null {
  if (env[`HOT_WALLET_KEY_${chain}`]) return `HOT_WALLET_KEY_${chain}`;
  if (env.HOT_WALLET_KEY) return 'HOT_WALLET_KEY';
  return null;
}

/** `chain`'s hot wallet account, or null when the environment names no key for it. */
export function hotWalletAccount(env: NodeJS.ProcessEnv, chain: string): PrivateKeyAccount | null {
  const variable = hotWalletKeyVariable(env, chain);
  if (!variable) return null;
  const raw = (env[variable] as string).trim();
  const key = (raw.startsWith('0x') ? raw : `0x${raw}`) as Hex;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new HotWalletKeyError(`${variable} is not a 32-byte hex private key`);
  try {
    return privateKeyToAccount(key);
  } catch {
    throw new HotWalletKeyError(`${variable} is not a valid private key`);
  }
}

/** How a coin moves on an EVM chain: its token contract and decimals, or the native coin. */
export interface ChainCoin {
  coin: string;
  contract: Hex | null;
  decimals: number;
  precision: number;
}

/** The coins the chain watcher knows on `chain` (config token): what the sender can pay out. */
export async function chainCoins(db: DbOrTx, chain: string): Promise<ChainCoin[]> {
  const rows = await db
    .select({
      coin: coinChains.coin,
      contract: coinChains.contract,
      decimals: coinChains.decimals,
      native: coinChains.native,
      precision: coins.precision,
    })
    .from(coinChains)
    .innerJoin(coins, eq(coins.symbol, coinChains.coin))
    .innerJoin(chains, eq(chains.id, coinChains.chain))
    .where(and(eq(coinChains.chain, chain), eq(chains.family, 'evm')));
  return rows.flatMap((r): ChainCoin[] =>
    r.native
      ? [{ coin: r.coin, contract: null, decimals: 18, precision: r.precision }]
      : r.contract && r.decimals !== null
        ? [{ coin: r.coin, contract: r.contract as Hex, decimals: r.decimals, precision: r.precision }]
        : [],
  );
}

/** The on-chain balance of `address` in `coin`'s smallest unit. */
export async function rawBalance(rpc: PublicClient, address: Hex, coin: ChainCoin): Promise<bigint> {
  if (!coin.contract) return rpc.getBalance({ address, blockTag: 'latest' });
  return rpc.readContract({
    address: coin.contract,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
}

/** The balances of `address` per coin, as decimal strings (cut to the coin's precision). */
export async function hotWalletBalances(
  rpc: PublicClient,
  address: Hex,
  list: readonly ChainCoin[],
): Promise<{ coin: string; balance: string }[]> {
  const out: { coin: string; balance: string }[] = [];
  for (const c of list)
    out.push({ coin: c.coin, balance: amountAt(await rawBalance(rpc, address, c), c.decimals, c.precision) });
  return out;
}
