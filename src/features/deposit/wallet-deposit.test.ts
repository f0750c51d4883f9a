import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import type { Eip1193Provider, RequestArguments } from '../account/wallet-types.ts';
import {
  depositTransaction,
  sendWalletDeposit,
  type WalletDepositError,
  walletMaximum,
} from './wallet-deposit.ts';

const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const DEPOSIT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDT = { coin: 'USDT', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 };
const ETH = { coin: 'ETH', contract: null, decimals: 18 };

/** A wallet that records what it is asked, on chain 1, with the balances given. */
function fakeWallet(balances: { eth: bigint; token: bigint }, refuse = false) {
  const asked: RequestArguments[] = [];
  const provider: Eip1193Provider = {
    async request(args: RequestArguments) {
      asked.push(args);
      switch (args.method) {
        case 'eth_chainId':
          return '0x1';
        case 'wallet_switchEthereumChain':
          return null;
        case 'eth_getBalance':
          return `0x${balances.eth.toString(16)}`;
        case 'eth_call':
          return `0x${balances.token.toString(16).padStart(64, '0')}`;
        case 'eth_gasPrice':
          return '0x3b9aca00'; // 1 gwei
        case 'eth_sendTransaction':
          if (refuse) throw Object.assign(new Error('User denied transaction signature.'), { code: 4001 });
          return `0x${'ab'.repeat(32)}`;
        default:
          throw new Error(`unexpected ${args.method}`);
      }
    },
    on() {},
    removeListener() {},
  } as unknown as Eip1193Provider;
  return { provider, asked };
}

describe('a deposit from the connected wallet', () => {
  test('a token deposit is a transfer to the own deposit address, never an approve', () => {
    const tx = depositTransaction(FROM, DEPOSIT, USDT, '25.5');
    expect(tx).toMatchObject({ from: FROM, to: USDT.contract });
    const call = decodeFunctionData({ abi: erc20Abi, data: (tx as { data: Hex }).data });
    expect(call).toEqual({ functionName: 'transfer', args: [DEPOSIT, 25_500_000n] });
    expect(depositTransaction(FROM, DEPOSIT, ETH, '0.5')).toEqual({
      from: FROM,
      to: DEPOSIT,
      value: '0x6f05b59d3b20000',
    });
  });

  test('switches the wallet to the chain first, checks the balance, then sends one transaction', async () => {
    const { provider, asked } = fakeWallet({ eth: 10n ** 18n, token: 100_000_000n });
    const hash = await sendWalletDeposit(provider, {
      from: FROM,
      depositAddress: DEPOSIT,
      chainId: 31337,
      coin: USDT,
      amount: '25',
    });
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    expect(asked.map((a) => a.method)).toEqual([
      'eth_chainId',
      'wallet_switchEthereumChain',
      'eth_call',
      'eth_getBalance',
      'eth_sendTransaction',
    ]);
    expect(asked[1]?.params).toEqual([{ chainId: '0x7a69' }]);
    const sent = ((asked[4]?.params ?? []) as { data: Hex }[])[0];
    expect(decodeFunctionData({ abi: erc20Abi, data: sent?.data as Hex }).functionName).toBe('transfer');
    expect(JSON.stringify(asked)).not.toMatch(/095ea7b3/); // approve's selector
  });

  test('short balances and a refusal in the wallet are the translated client messages', async () => {
    const refuse = (w: ReturnType<typeof fakeWallet>, coin: typeof USDT | typeof ETH, amount: string) =>
      sendWalletDeposit(w.provider, { from: FROM, depositAddress: DEPOSIT, chainId: 1, coin, amount }).catch(
        (e: WalletDepositError) => e.problem,
      );
    expect(await refuse(fakeWallet({ eth: 10n ** 18n, token: 1_000_000n }), USDT, '2')).toBe(
      'insufficient_coin_balance',
    );
    expect(await refuse(fakeWallet({ eth: 0n, token: 5_000_000n }), USDT, '2')).toBe(
      'insufficient_eth_balance',
    );
    expect(await refuse(fakeWallet({ eth: 10n ** 17n, token: 0n }), ETH, '0.5')).toBe(
      'insufficient_eth_balance',
    );
    const refused = fakeWallet({ eth: 10n ** 18n, token: 5_000_000n }, true);
    expect(await refuse(refused, USDT, '2')).toBe('contract_transaction_failed');
    // Already on chain 1: no switch asked.
    expect(refused.asked.map((a) => a.method)).not.toContain('wallet_switchEthereumChain');
  });

  test('max is the whole token balance, or the native balance less twice a transfer fee', async () => {
    const w = fakeWallet({ eth: 10n ** 18n, token: 12_345_678n });
    expect(await walletMaximum(w.provider, { from: FROM, chainId: 1, coin: USDT })).toBe('12.345678');
    // 1 ETH - 2 x 21,000 gas x 1 gwei
    expect(await walletMaximum(w.provider, { from: FROM, chainId: 1, coin: ETH })).toBe('0.999958');
    const dry = fakeWallet({ eth: 10_000n, token: 0n });
    expect(await walletMaximum(dry.provider, { from: FROM, chainId: 1, coin: ETH })).toBe('0');
  });
});
