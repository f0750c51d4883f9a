/**
 * The cloud mining suites' shared setup (tests/integration/mining*.test.ts): a seeded database
 * with the real app, the operator commands, the output pool and reserve, the public catalogue,
 * and users who rent machines and buy shares through the API.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { utcDay } from '../../protocol/mining.ts';
import { dec, fmt } from '../../protocol/money.ts';
import type { Database } from '../../server/db/client.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { caller, dataOf, type TestCall } from './app.ts';
import type { DatabaseTarget } from './databases.ts';
import { directAdmin } from './direct-admin.ts';
import { useSeededApp } from './seeded-app.ts';
import { fundedWallet } from './wallets.ts';

export const today = () => utcDay(Date.now());

/**
 * What every mining suite reads beside the API: the output pool, the reserve account and what
 * active holdings have left in it (the two must be equal), and a machine of the public catalogue
 * by its key. `env.app` is read at each call: the app is built in the suite's beforeAll.
 */
export function miningBooks(env: { readonly app: FastifyInstance; readonly database: Database }) {
  const pool = (coin: string) => balanceOf(env.database.db, systemAccount('mining_output_pool'), coin);
  const reserved = (coin: string) => balanceOf(env.database.db, systemAccount('mining_reserved'), coin);
  const reserveLeft = async (coin: string) => {
    const [row] = rowsOf<{ total: string | null }>(
      await env.database.db.execute(
        sql`select sum(reserve_left)::text as total from mining_holdings where coin = ${coin} and status = 'active'`,
      ),
    );
    return fmt(dec(row?.total ?? '0'));
  };
  const anonymous: TestCall = (code, body) => caller(env.app, { cookie: 'lang=en' })(code, body);
  const machine = async (key: string) => {
    const found = dataOf(await anonymous('10050', { size: '100' })).list.find((m) => m.key === key);
    if (!found) throw new Error(`no machine ${key}`);
    return found;
  };
  return { pool, reserved, reserveLeft, anonymous, machine };
}

export function useMiningApp(target: DatabaseTarget) {
  const env = useSeededApp(target);
  const admin = directAdmin(env);
  const { pool, reserved, reserveLeft, anonymous, machine } = miningBooks(env);

  async function user(usdt = '5000') {
    const wallet = await fundedWallet(env, { USDT: usdt });
    const { call } = wallet;
    const rent = async (key: string, quantity: string, requestId = randomUUID()) =>
      call('10052', { productId: String((await machine(key)).id), quantity, requestId });
    const buyShares = async (key: string, shares: string, requestId = randomUUID()) =>
      call('10058', { productId: String((await machine(key)).id), shares, requestId });
    const holdings = async () => dataOf(await call('10053', { size: '100' }));
    const income = async (body: Record<string, string> = {}) =>
      dataOf(await call('10055', { size: '100', ...body }));
    return { address: wallet.address, call, rent, buyShares, holdings, income, balance: wallet.balance };
  }

  return { env, admin, pool, reserved, reserveLeft, anonymous, machine, user };
}
