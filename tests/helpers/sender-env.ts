/**
 * The withdraw sender's suites (withdraw-sender*.test.ts): withdrawals made as the page makes
 * them (terms, the user's EIP-712 signature, submit) straight on the test's database, a hot
 * wallet of its own per test funded from the local node, and one sender pass with a pinned clock.
 */
import { eq } from 'drizzle-orm';
import { erc20Abi, type Hex, type PrivateKeyAccount, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { withdrawalTypedData } from '../../protocol/withdraw-authorization.ts';
import type { Database } from '../../server/db/client.ts';
import { auditLedger } from '../../server/ledger/audit.ts';
import { ensureUser } from '../../server/modules/account/account.repository.ts';
import { addressBook, saveAddress } from '../../server/modules/withdraw/address-book.ts';
import { withdrawals } from '../../server/modules/withdraw/withdraw.schema.ts';
import { submitWithdrawal, withdrawalTermsFor } from '../../server/modules/withdraw/withdraw.service.ts';
import { sendOnce, withdrawalSends } from '../../server/modules/withdraw-sender/index.ts';
import type { SenderOptions } from '../../server/modules/withdraw-sender/sender-context.ts';
import type { ChainEnv } from './chain-app.ts';
import { checkedAdmin } from './direct-admin.ts';
import { localChainConfig } from './local-chain.ts';

export const CHAIN = 'ERC20';
export const CONFIRMATIONS = 3;

/** The local node as ERC20 with USDT and ETH rules, auto-approving up to 100 USDT and 1 ETH. */
export const senderConfig = (usdt: Hex) => [
  ...localChainConfig(CHAIN, usdt, CONFIRMATIONS),
  ['config', 'withdraw', 'USDT', CHAIN, '--fee', '1', '--min', '2', '--max', '5000'],
  ['config', 'withdraw', 'ETH', CHAIN, '--fee', '0.001', '--min', '0.01', '--max', '10'],
  ['config', 'withdraw-auto', 'USDT', CHAIN, '--limit', '100'],
  ['config', 'withdraw-auto', 'ETH', CHAIN, '--limit', '1'],
];

/** A fresh address nobody holds a key of: what it receives is exactly what the sender paid. */
export const recipient = () => privateKeyToAccount(generatePrivateKey()).address;

/** A user holding `amount` of `coin` (a system adjustment), as a key that can sign for them. */
export async function fundedUser(
  database: Database,
  coin: string,
  amount: string,
): Promise<PrivateKeyAccount> {
  const user = privateKeyToAccount(generatePrivateKey());
  await ensureUser(database.db, user.address, null);
  await checkedAdmin({ database })('adjust', user.address, coin, `+${amount}`);
  return user;
}

/** A submitted withdrawal of `amount` `coin` on `chain` to `address`, signed by `user`; its id. */
export async function submitted(
  database: Database,
  user: PrivateKeyAccount,
  input: { coin: string; chain: string; address: string; amount: string },
): Promise<number> {
  // Withdrawals go only to a saved address (the test databases start with no cooling-off).
  const book = await addressBook(database.db, user.address);
  const saved = book.addresses.some(
    (a) =>
      a.coin === input.coin &&
      a.chain === input.chain &&
      a.address.toLowerCase() === input.address.toLowerCase(),
  );
  if (!saved)
    await database.db.transaction((tx) => saveAddress(tx, user.address, { ...input, label: 'test' }));
  const terms = await database.db.transaction((tx) => withdrawalTermsFor(tx, user.address, input));
  const signature = await user.signTypedData(withdrawalTypedData(terms));
  const w = await database.db.transaction((tx) =>
    submitWithdrawal(tx, user.address, {
      ...input,
      requestId: crypto.randomUUID(),
      nonce: terms.nonce,
      signature,
    }),
  );
  return w.id;
}

/** A USDT withdrawal on CHAIN of `amount` by `user` to `address`, submitted as the page does; its id. */
export function usdtTo(
  database: Database,
  user: PrivateKeyAccount,
  address: string,
  amount: string,
): Promise<number> {
  return submitted(database, user, { coin: 'USDT', chain: CHAIN, address, amount });
}

/** What the sender's suites read back: a withdrawal's row, its signed sends, and a clean audit. */
export function senderReads(env: ChainEnv) {
  return {
    statusOf: async (id: number) =>
      (await env.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0],
    sendsOf: (id: number) =>
      env.database.db.select().from(withdrawalSends).where(eq(withdrawalSends.withdrawalId, id)),
    audited: async () => expect((await auditLedger(env.database.db)).ok).toBe(true),
  };
}

/** A hot wallet of its own holding `eth` ETH and `usdt` USDT, and the sender's pass over it at a pinned clock. */
export async function senderScene(env: ChainEnv, eth: string, usdt: string, key: Hex = generatePrivateKey()) {
  const clock = pinnedClock();
  const wallet = await hotWallet(env, eth, usdt, key);
  return { clock, wallet, pass: senderFor(env, CHAIN, wallet, clock) };
}

/** A fresh hot wallet holding `eth` ETH and `usdt` USDT on the local node. */
export async function hotWallet(
  env: ChainEnv,
  eth: string,
  usdt: string,
  key: Hex = generatePrivateKey(),
): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(key);
  if (Number(eth) > 0) await env.chain.sendEth(account.address, eth);
  if (Number(usdt) > 0) await env.chain.sendToken(env.usdt, account.address, usdt, 6);
  return account;
}

/** A pinned clock the test moves by hand. */
export function pinnedClock(start = Date.parse('2026-12-01T12:00:00Z')) {
  let at = start;
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

export function senderFor(
  env: ChainEnv,
  chain: string,
  account: PrivateKeyAccount,
  clock: { now: () => Date },
  extra: Partial<SenderOptions> = {},
) {
  return () =>
    sendOnce({
      database: env.database,
      chain,
      rpc: env.chain.client,
      account,
      now: clock.now,
      replaceAfterMs: 60_000,
      ...extra,
    });
}

/** Transactions the account has had mined (its nonce on chain). */
export async function minedCount(env: ChainEnv, address: Hex): Promise<number> {
  return env.chain.client.getTransactionCount({ address, blockTag: 'latest' });
}

export async function tokenBalance(env: ChainEnv, address: Hex): Promise<bigint> {
  return env.chain.client.readContract({
    address: env.usdt,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
}

export const units = (amount: string, decimals: number) => parseUnits(amount, decimals);

/** A JSON-RPC call the LocalChain helper has no method for (automine, mempool). */
export function nodeCall(env: ChainEnv, method: string, params: unknown[] = []): Promise<unknown> {
  return env.chain.client.request({ method: method as never, params: params as never });
}

export function expectOk(result: { ok: boolean; text: string }) {
  expect(result.ok, result.text).toBe(true);
}
