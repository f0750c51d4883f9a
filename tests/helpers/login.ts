/** Signs in through 10001/10002 the way the client does, with a real private key. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Answer, caller, dataOf, post } from './app.ts';

/** Anvil's well-known development keys: never hold value with them. */
export const TEST_KEYS = {
  alice: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  bob: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
} as const satisfies Record<string, Hex>;

export const HOST = { host: '127.0.0.1:8080' };

export async function challenge(app: FastifyInstance, address: string, chainId = 1) {
  return dataOf(await caller(app, HOST)('10001', { address, chainId: String(chainId) }));
}

export async function signIn(app: FastifyInstance, key: Hex, extra: Record<string, string> = {}) {
  const account = privateKeyToAccount(key);
  const { message } = await challenge(app, account.address);
  const signature = await account.signMessage({ message });
  const result = await post(app, '10002', { message, signature, requestId: randomUUID(), ...extra }, HOST);
  // The raw post keeps the response (its cookie); the envelope is the contract's answer to 10002.
  const envelope = result.envelope as Answer<'10002'>;
  const cookie = result.response.cookies.find((c) => c.name === 'sid');
  return {
    ...result,
    envelope,
    account,
    message,
    signature,
    login: envelope.data,
    cookieHeader: cookie ? `sid=${cookie.value}` : '',
  };
}

/** A new random private key: a wallet no other test (or run) signs in with. */
export const freshKey = (): Hex => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
