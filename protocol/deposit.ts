/** Deposits: 10020 personal deposit addresses, 10021 deposit records. */
import * as v from 'valibot';
import type { ChainFamily } from './config.ts';
import { paging } from './validation.ts';

export interface DepositAddress {
  chain: string;
  family: ChainFamily;
  /** Null when the operator has configured no key for this chain's family yet. */
  address: string | null;
  /**
   * True when the address comes from a public test key (the demo's): anyone can spend what is
   * sent there, and the screen says so (docs/deposit-addresses.md, "Demo keys").
   */
  demo: boolean;
  /** Coins accepted on this chain. */
  coins: string[];
  /**
   * How the connected wallet can send a deposit here, for EVM chains the watcher reads: the chain
   * to switch the wallet to, the confirmations a deposit needs, and each coin as a token contract
   * (with its decimals on chain) or the native coin (contract null). Null elsewhere.
   */
  wallet: WalletDeposit | null;
}

export interface WalletDeposit {
  chainId: number;
  confirmations: number;
  coins: { coin: string; contract: string | null; decimals: number }[];
}

export const DEPOSIT_STATUSES = ['detected', 'confirming', 'credited'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface DepositRecord {
  id: number;
  coin: string;
  chain: string;
  amount: string;
  txid: string;
  status: DepositStatus;
  /** Blocks on top of the deposit, counting its own, as the chain watcher last saw them. */
  confirmations: number;
  /** Blocks the chain needs before crediting; null for a deposit the operator reported. */
  required: number | null;
  detectedAt: number;
  creditedAt: number | null;
}

export const recordsRequest = v.object({
  ...paging(),
  coin: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,12}$/))),
});
