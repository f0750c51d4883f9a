/**
 * The operator's `admin deposit` command line, shared by the integration helpers (which run it in
 * process) and the e2e fixtures (which run the CLI against the test server): no server imports.
 */
import { randomUUID } from 'node:crypto';

/** The chain each test deposit of a coin arrives on. */
export const DEPOSIT_CHAIN: Readonly<Record<string, string>> = {
  USDT: 'TRC20',
  ETH: 'ERC20',
  TRX: 'TRC20',
  BTC: 'BTC',
  BNB: 'BEP20',
};

export interface DepositArgs {
  address: string;
  coin: string;
  amount: string;
  /** The coin's test chain (DEPOSIT_CHAIN) unless given. */
  chain?: string;
  /** A fresh random txid unless given. */
  txid?: string;
  /** Added as `--reason` when given. */
  reason?: string;
}

/** The operator's `admin deposit` command line for one deposit (without the CLI's own name). */
export function depositArgs(deposit: DepositArgs): string[] {
  const { address, coin, amount } = deposit;
  return [
    ...[
      'deposit',
      '--address',
      address,
      '--coin',
      coin,
      '--chain',
      deposit.chain ?? DEPOSIT_CHAIN[coin] ?? 'ERC20',
    ],
    ...['--amount', amount, '--txid', deposit.txid ?? randomUUID().replaceAll('-', '')],
    ...(deposit.reason === undefined ? [] : ['--reason', deposit.reason]),
  ];
}
