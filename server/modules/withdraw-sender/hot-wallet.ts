/**
 * The hot wallet of an EVM chain (docs/withdrawals.md, "Key handling"): its private key comes from
 * the environment, `HOT_WALLET_KEY_<CHAIN>` (e.g. HOT_WALLET_KEY_ERC20) or else one
 * `HOT_WALLET_KEY` for every EVM chain, or from an encrypted keystore file the environment names
 * (`HOT_WALLET_KEYSTORE[_<CHAIN>]`, ./keystore.ts) with its password. The key stays inside the
 * viem account made here: it is never stored, logged, answered or put in an error (a malformed
 * key says which variable, not what it holds).
 */
import { readFileSync } from 'node:fs';
import { erc20Abi, type Hex, type PrivateKeyAccount, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { amountAt, type ChainCoin } from '../chain-watch/index.ts';
import { decryptKeystore, KeystoreError } from './keystore.ts';

export type { ChainCoin };

export class HotWalletKeyError extends Error {
  override name = 'HotWalletKeyError';
}

/**
 * The variable that names `chain`'s key, or null when none is set. The chain's own variables come
 * first (the key, then a keystore file), then the ones for every EVM chain.
 */
export function hotWalletKeyVariable(env: NodeJS.ProcessEnv, chain: string): string | null {
  const names = [
    `HOT_WALLET_KEY_${chain}`,
    `HOT_WALLET_KEYSTORE_${chain}`,
    'HOT_WALLET_KEY',
    'HOT_WALLET_KEYSTORE',
  ];
  return names.find((name) => env[name]) ?? null;
}

/** The keystore's password: `<…>_PASSWORD[_<CHAIN>]`, or the file `<…>_PASSWORD_FILE[_<CHAIN>]` names. */
function keystorePassword(env: NodeJS.ProcessEnv, variable: string, chain: string): string {
  const suffix = variable.endsWith(`_${chain}`) ? `_${chain}` : '';
  const direct = env[`HOT_WALLET_KEYSTORE_PASSWORD${suffix}`];
  if (direct !== undefined) return direct;
  const file = env[`HOT_WALLET_KEYSTORE_PASSWORD_FILE${suffix}`];
  if (!file)
    throw new HotWalletKeyError(
      `${variable} needs HOT_WALLET_KEYSTORE_PASSWORD${suffix} or HOT_WALLET_KEYSTORE_PASSWORD_FILE${suffix}`,
    );
  try {
    // A secret file (Docker, Kubernetes) ends with a newline the password does not have.
    return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch {
    throw new HotWalletKeyError(
      `HOT_WALLET_KEYSTORE_PASSWORD_FILE${suffix} names a file that cannot be read`,
    );
  }
}

/** The private key from a keystore file; errors name the variables and the fault, never a secret. */
function keyFromKeystore(env: NodeJS.ProcessEnv, variable: string, chain: string): Hex {
  let json: string;
  try {
    json = readFileSync(env[variable] as string, 'utf8');
  } catch {
    throw new HotWalletKeyError(`${variable} names a file that cannot be read`);
  }
  try {
    return decryptKeystore(json, keystorePassword(env, variable, chain));
  } catch (error) {
    if (error instanceof KeystoreError) throw new HotWalletKeyError(`${variable}: ${error.message}`);
    throw error;
  }
}

/** `chain`'s hot wallet account, or null when the environment names no key for it. */
export function hotWalletAccount(env: NodeJS.ProcessEnv, chain: string): PrivateKeyAccount | null {
  const variable = hotWalletKeyVariable(env, chain);
  if (!variable) return null;
  let key: Hex;
  if (variable.startsWith('HOT_WALLET_KEYSTORE')) key = keyFromKeystore(env, variable, chain);
  else {
    const raw = (env[variable] as string).trim();
    key = (raw.startsWith('0x') ? raw : `0x${raw}`) as Hex;
    if (!/^0x[0-9a-fA-F]{64}$/.test(key))
      throw new HotWalletKeyError(`${variable} is not a 32-byte hex private key`);
  }
  try {
    return privateKeyToAccount(key);
  } catch {
    throw new HotWalletKeyError(`${variable} is not a valid private key`);
  }
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
