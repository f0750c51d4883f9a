/**
 * A deposit sent from the connected wallet (docs/deposit-addresses.md): the wallet is switched to
 * the deposit's chain first, the balance is checked, then one transaction goes out: an ERC-20
 * `transfer` to the user's own deposit address, or a plain transfer of the native coin. Never an
 * `approve`: the app asks the wallet for no allowance, ever. The chain watcher then sees it like any
 * other deposit. Loaded on demand (viem's encoder stays out of the first page).
 */
import { encodeFunctionData, erc20Abi, formatUnits, type Hex, numberToHex, parseUnits } from 'viem';
import type { Eip1193Provider } from '../account/index.ts';

export interface DepositCoin {
  coin: string;
  /** The token contract, or null for the chain's own coin. */
  contract: string | null;
  decimals: number;
}

/** Why a wallet deposit did not go out, as the client messages of docs/spec/product.md section 8 name it. */
export type WalletDepositProblem =
  | 'insufficient_eth_balance'
  | 'insufficient_coin_balance'
  | 'contract_transaction_failed';

export class WalletDepositError extends Error {
  readonly problem: WalletDepositProblem;
  constructor(problem: WalletDepositProblem) {
    super(problem);
    this.name = 'WalletDepositError';
    this.problem = problem;
  }
}

/** The transaction a deposit of `amount` (a decimal string) of `coin` to `depositAddress` is. */
export function depositTransaction(from: string, depositAddress: string, coin: DepositCoin, amount: string) {
  const units = parseUnits(amount, coin.decimals);
  if (coin.contract === null) return { from, to: depositAddress, value: numberToHex(units) };
  return {
    from,
    to: coin.contract,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [depositAddress as Hex, units],
    }),
  };
}

/** Switches the wallet to `chainId`; a wallet that does not know the chain cannot send there. */
async function switchChain(provider: Eip1193Provider, chainId: number): Promise<void> {
  const current = Number.parseInt(String(await provider.request({ method: 'eth_chainId' })), 16);
  if (current === chainId) return;
  try {
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chainId) }],
    });
  } catch {
    throw new WalletDepositError('contract_transaction_failed');
  }
}

async function balanceOf(provider: Eip1193Provider, from: string, coin: DepositCoin): Promise<bigint> {
  if (coin.contract === null)
    return BigInt(String(await provider.request({ method: 'eth_getBalance', params: [from, 'latest'] })));
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [from as Hex] });
  const answer = String(
    await provider.request({ method: 'eth_call', params: [{ to: coin.contract, data }, 'latest'] }),
  );
  return answer === '0x' ? 0n : BigInt(answer);
}

/** Gas units of a plain transfer; a native deposit's "max" leaves twice its fee in the wallet. */
const TRANSFER_GAS = 21_000n;

/**
 * The most the wallet can deposit of `coin` on `chainId` (switching the wallet there first), as a
 * decimal string: the whole token balance, or the native balance less twice a transfer's fee now.
 */
export async function walletMaximum(
  provider: Eip1193Provider,
  input: { from: string; chainId: number; coin: DepositCoin },
): Promise<string> {
  await switchChain(provider, input.chainId);
  let units = await balanceOf(provider, input.from, input.coin);
  if (input.coin.contract === null) {
    const gasPrice = BigInt(String(await provider.request({ method: 'eth_gasPrice' })));
    const reserve = 2n * TRANSFER_GAS * gasPrice;
    units = units > reserve ? units - reserve : 0n;
  }
  return formatUnits(units, input.coin.decimals);
}

/**
 * Sends the deposit through the wallet and resolves to its transaction hash. Refused before
 * anything is signed when the balance is short; a refusal in the wallet is a failed transaction.
 */
export async function sendWalletDeposit(
  provider: Eip1193Provider,
  input: { from: string; depositAddress: string; chainId: number; coin: DepositCoin; amount: string },
): Promise<Hex> {
  await switchChain(provider, input.chainId);
  const units = parseUnits(input.amount, input.coin.decimals);
  if ((await balanceOf(provider, input.from, input.coin)) < units)
    throw new WalletDepositError(
      input.coin.contract === null ? 'insufficient_eth_balance' : 'insufficient_coin_balance',
    );
  if (input.coin.contract !== null) {
    // The token transfer's gas is paid in the native coin.
    const gas = BigInt(
      String(await provider.request({ method: 'eth_getBalance', params: [input.from, 'latest'] })),
    );
    if (gas === 0n) throw new WalletDepositError('insufficient_eth_balance');
  }
  try {
    const tx = depositTransaction(input.from, input.depositAddress, input.coin, input.amount);
    return (await provider.request({ method: 'eth_sendTransaction', params: [tx] })) as Hex;
  } catch {
    // Refused in the wallet (4001) or failed there: either way nothing was sent.
    throw new WalletDepositError('contract_transaction_failed');
  }
}
