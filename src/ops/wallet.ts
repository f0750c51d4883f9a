/**
 * Operator sign-in with the browser's injected wallet (EIP-1193): account, chain, the server's
 * sign-in text (protocol/ops.ts OPS_SIWE_STATEMENT, never the users' text) signed with
 * personal_sign, then the operator session. Written here rather than reusing the users' wallet
 * module so that the console shares no module with the users' pages outside their common chunks.
 */
import type { OperatorInfo } from '../../protocol/ops.ts';
import { opsCall } from './api.ts';

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function injectedWallet(): Eip1193 | null {
  const candidate = (globalThis as { ethereum?: Partial<Eip1193> }).ethereum;
  return candidate && typeof candidate.request === 'function' ? (candidate as Eip1193) : null;
}

/** Why a sign-in stopped before the server was asked: shown in the operator's language. */
export class WalletStop extends Error {
  readonly reason: 'no-account' | 'refused' | 'bad-answer';

  constructor(reason: WalletStop['reason']) {
    super(reason);
    this.name = 'WalletStop';
    this.reason = reason;
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A chain id as wallets report it (`0x1`, `1`, 1), as the decimal text the server takes. */
export function chainIdText(value: unknown): string | null {
  let id = Number.NaN;
  if (typeof value === 'number') id = value;
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) id = Number.parseInt(value, 16);
  else if (typeof value === 'string' && /^[0-9]+$/.test(value)) id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? String(id) : null;
}

/** personal_sign takes the message's UTF-8 bytes as 0x hex (what MetaMask documents). */
export function utf8ToHex(message: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(message)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** EIP-1193's "user rejected the request". */
function refused(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}

async function ask(wallet: Eip1193, method: string, params?: unknown[]): Promise<unknown> {
  try {
    return await wallet.request(params ? { method, params } : { method });
  } catch (error) {
    if (refused(error)) throw new WalletStop('refused');
    throw error;
  }
}

export async function signInWithWallet(wallet: Eip1193): Promise<OperatorInfo> {
  const accounts = await ask(wallet, 'eth_requestAccounts');
  const address = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof address !== 'string' || !ADDRESS.test(address)) throw new WalletStop('no-account');
  const chainId = chainIdText(await ask(wallet, 'eth_chainId'));
  if (!chainId) throw new WalletStop('bad-answer');
  const { message } = await opsCall('challenge', { address, chainId });
  const signature = await ask(wallet, 'personal_sign', [utf8ToHex(message), address]);
  if (typeof signature !== 'string') throw new WalletStop('bad-answer');
  return opsCall('login', { message, signature });
}
