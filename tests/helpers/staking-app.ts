/**
 * The staking suites' shared setup (tests/integration/staking*.test.ts): a seeded database with
 * the real app, the operator commands, the reward pool and reserve balances, and users who stake
 * and redeem through the API.
 */
import { randomUUID } from 'node:crypto';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { dataOf } from './app.ts';
import type { DatabaseTarget } from './databases.ts';
import { directAdmin } from './direct-admin.ts';
import { useSeededApp } from './seeded-app.ts';
import { fundedWallet } from './wallets.ts';

export function useStakingApp(target: DatabaseTarget) {
  const env = useSeededApp(target);
  const admin = directAdmin(env);
  const pool = (coin: string) => balanceOf(env.database.db, systemAccount('staking_reward_pool'), coin);
  const reserved = (coin: string) => balanceOf(env.database.db, systemAccount('staking_reserved'), coin);

  async function user(deposits: Record<string, string> = { USDT: '20000' }) {
    const wallet = await fundedWallet(env, deposits);
    const { call } = wallet;
    const plans = async () => dataOf(await call('10035'));
    const plan = async (coin: string, days: number) => {
      const found = (await plans()).find((p) => p.coin === coin && p.days === days);
      if (!found) throw new Error(`no plan ${coin} ${days}`);
      return found;
    };
    const stake = async (coin: string, days: number, amount: string) =>
      call('10036', {
        planId: String((await plan(coin, days)).id),
        amount,
        requestId: randomUUID(),
      });
    const redeemStake = (id: number) => call('10041', { id: String(id), requestId: randomUUID() });
    const records = async () => dataOf(await call('10037'));
    return { ...wallet, plans, plan, stake, redeemStake, records };
  }

  return { env, admin, pool, reserved, user };
}
