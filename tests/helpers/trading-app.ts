/**
 * The trading suites' shared setup (tests/integration/trading.test.ts, trading-races.test.ts): a
 * seeded database with the real app and a market engine at prices the test pins, the trigger
 * engine run on demand, the margin pool, and users who place and read orders through the API.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Order } from '../../protocol/trading.ts';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { pricesAt } from '../../server/modules/trading/prices.ts';
import { runTriggers } from '../../server/modules/trading/trading.job.ts';
import { dataOf, type TestFields } from './app.ts';
import { createControlledSource } from './controlled-prices.ts';
import type { DatabaseTarget } from './databases.ts';
import { useMarketApp } from './seeded-app.ts';
import { fundedWallet } from './wallets.ts';

export function useTradingApp(target: DatabaseTarget) {
  const env = useMarketApp(target, createControlledSource());
  const triggers = async (database = env.database) =>
    runTriggers(database, await pricesAt(env.engine, Date.now()), Date.now(), (id, error) => {
      throw new Error(`order ${id} not settled: ${(error as Error).message}`);
    });
  const pool = () => balanceOf(env.database.db, systemAccount('trading_margin_pool'), 'USDT');
  /** Pins `symbol` at `bid`/`ask` and runs the trigger engine once at that price. */
  const tick = (symbol: string, bid: string, ask: string) => {
    env.source.pin(symbol, bid, ask);
    return triggers();
  };

  async function user(usdt = '10000') {
    const wallet = await fundedWallet(env, { USDT: usdt });
    const { address, call } = wallet;
    const place = (fields: TestFields) =>
      call('10073', { kind: 'market', side: 'buy', requestId: randomUUID(), ...fields });
    const balance = (bucket: 'available' | 'frozen' = 'available') => wallet.balance('USDT', bucket);
    const order = async (id: number) => dataOf(await call('10082', { id: String(id) }));
    /** Order `id` is closed for `closeReason`, with the other fields given. */
    const expectClosed = async (id: number, closeReason: string, fields: Partial<Order> = {}) =>
      expect(await order(id)).toMatchObject({ status: 'closed', closeReason, ...fields });
    return { address, call, place, balance, order, expectClosed };
  }

  return { env, triggers, tick, pool, user };
}
