/**
 * Signing one payout: a native transfer or an ERC-20 `transfer`, EIP-1559, with the hot wallet's
 * account. Only the signed bytes leave this file; the key never does.
 */
import { encodeFunctionData, erc20Abi, type Hex, keccak256, parseUnits } from 'viem';
import type { ChainCoin } from './hot-wallet.ts';
import type { SenderContext } from './sender-context.ts';

/** Gas limits: a plain transfer costs exactly 21,000; a token transfer is capped generously. */
export const NATIVE_GAS = 21_000n;
export const TOKEN_GAS = 100_000n;

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface Signed {
  raw: Hex;
  hash: Hex;
  gas: bigint;
  fees: Fees;
}

export function gasOf(coin: ChainCoin): bigint {
  return coin.contract ? TOKEN_GAS : NATIVE_GAS;
}

/** The fees to offer now: the node's estimate, with the base fee doubled for headroom. */
export async function currentFees(ctx: SenderContext): Promise<Fees> {
  const f = await ctx.rpc.estimateFeesPerGas({ type: 'eip1559', chain: null });
  return { maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
}

/** Fees for a replacement: at least 12.5% above the old ones (nodes require 10%), or today's if higher. */
export function raisedFees(old: Fees, now: Fees): Fees {
  const up = (v: bigint) => (v * 1125n) / 1000n + 1n;
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  return {
    maxFeePerGas: max(up(old.maxFeePerGas), now.maxFeePerGas),
    maxPriorityFeePerGas: max(up(old.maxPriorityFeePerGas), now.maxPriorityFeePerGas),
  };
}

export async function signPayout(
  ctx: SenderContext,
  payout: { coin: ChainCoin; to: Hex; amount: string; nonce: number; fees: Fees },
): Promise<Signed> {
  const units = parseUnits(payout.amount, payout.coin.decimals);
  const gas = gasOf(payout.coin);
  const raw = await ctx.account.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce: payout.nonce,
    gas,
    ...payout.fees,
    ...(payout.coin.contract
      ? {
          to: payout.coin.contract,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payout.to, units] }),
        }
      : { to: payout.to, value: units }),
  });
  return { raw, hash: keccak256(raw), gas, fees: payout.fees };
}
