/**
 * A signed-in wallet with money on it, as most integration tests start: a fresh key signs in
 * (with an invite code, if given), the operator books its deposits (`admin deposit`, the real
 * path), and the wallet calls the API through the typed contract.
 */
import type { FastifyInstance } from 'fastify';
import type { UserBucket } from '../../protocol/ledger.ts';
import type { Database } from '../../server/db/client.ts';
import { balanceOf, userAccount } from '../../server/ledger/ledger.ts';
import { caller } from './app.ts';
import { depositArgs } from './deposit-args.ts';
import { directAdmin } from './direct-admin.ts';
import { freshKey, signIn } from './login.ts';

export { DEPOSIT_CHAIN, type DepositArgs, depositArgs } from './deposit-args.ts';

export interface WalletOptions {
  /** Signs up through this invite code. */
  inviteCode?: string;
  /** The language the wallet's calls answer in (its `lang` cookie). */
  lang?: string;
}

/** The coins the demo seed lists, in the order the API answers them (configuration and assets). */
export const DEMO_COINS = ['USDT', 'BTC', 'ETH', 'TRX', 'BNB', 'LTC', 'DOGE', 'KAS', 'NOVA', 'ORBIT'];

/** Books `amount` of `coin` to `address` as an operator's deposit; a refusal fails the test. */
export async function depositTo(
  env: { readonly database: Database },
  address: string,
  coin: string,
  amount: string,
) {
  const booked = await directAdmin(env)(...depositArgs({ address, coin, amount }));
  if (!booked.ok) throw new Error(`deposit of ${amount} ${coin} refused: ${booked.text}`);
}

export async function fundedWallet(
  env: { readonly app: FastifyInstance; readonly database: Database },
  deposits: Readonly<Record<string, string>> = {},
  options: WalletOptions = {},
) {
  const signed = await signIn(
    env.app,
    freshKey(),
    options.inviteCode ? { inviteCode: options.inviteCode } : {},
  );
  const address = signed.account.address;
  for (const [coin, amount] of Object.entries(deposits)) await depositTo(env, address, coin, amount);
  const cookie = `${signed.cookieHeader}; lang=${options.lang ?? 'en'}`;
  return {
    signed,
    address,
    cookie,
    call: caller(env.app, { cookie }),
    balance: (coin = 'USDT', bucket: UserBucket = 'available') =>
      balanceOf(env.database.db, userAccount(address, bucket), coin),
  };
}

export type FundedWallet = Awaited<ReturnType<typeof fundedWallet>>;
