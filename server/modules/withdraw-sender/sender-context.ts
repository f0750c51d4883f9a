/** What one pass of a chain's withdraw sender works with (./sender-pass.ts). */
import type { Hex, PrivateKeyAccount, PublicClient } from 'viem';
import type { Database } from '../../db/client.ts';
import type { ChainCoin } from './hot-wallet.ts';

export interface SenderOptions {
  database: Database;
  chain: string;
  rpc: PublicClient;
  /** The hot wallet (./hot-wallet.ts): the key stays inside the account. */
  account: PrivateKeyAccount;
  /** The process's clock (pinned in tests). */
  now: () => Date;
  /** A send not mined this long after it was signed is replaced with higher fees. */
  replaceAfterMs: number;
  /** Puts a signed transaction on the network; tests make it fail to stand for a crash. */
  broadcast?: (raw: Hex) => Promise<unknown>;
  log?: (line: string) => void;
}

export interface SenderContext extends SenderOptions {
  broadcast: (raw: Hex) => Promise<unknown>;
  log: (line: string) => void;
  chainId: number;
  confirmations: number;
  coins: Map<string, ChainCoin>;
  native: ChainCoin | null;
  address: Hex;
}

export interface SenderRun {
  ran: boolean;
  approved: number;
  sent: number;
  rebroadcast: number;
  replaced: number;
  completed: number;
  failed: number;
  paused: string[];
}

export const emptyRun = (ran: boolean): SenderRun => ({
  ran,
  approved: 0,
  sent: 0,
  rebroadcast: 0,
  replaced: 0,
  completed: 0,
  failed: 0,
  paused: [],
});

/** The sender's advisory lock key: "S" and a hash of the chain id (the watcher's is "W"). */
export function senderLockKey(chain: string): number {
  let h = 0;
  for (const c of chain) h = (h * 31 + c.charCodeAt(0)) & 0xffffff;
  return 0x53000000 + h;
}

/** The actor the sender's transitions carry in the history and the audit. */
export const SENDER_ACTOR = 'withdraw-sender';
