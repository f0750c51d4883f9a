/**
 * The flash exchange suites' shared setup (tests/integration/exchange*.test.ts): a seeded database
 * with the real app and a market engine over the simulated demo feed, the operator commands, and
 * users who quote and exchange through the API.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ExchangeQuote } from '../../protocol/exchange.ts';
import { balanceOf, systemAccount } from '../../server/ledger/ledger.ts';
import { createSimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';
import { type Answer, dataOf } from './app.ts';
import type { DatabaseTarget } from './databases.ts';
import { checkedAdmin } from './direct-admin.ts';
import { useMarketApp } from './seeded-app.ts';
import { fundedWallet } from './wallets.ts';

/** The quote of a 10030 answer that named a pair. */
export function quoteOf(answer: Answer<'10030'>): ExchangeQuote {
  const { quote } = dataOf(answer);
  if (!quote) throw new Error(`10030 answered no quote: ${answer.respCode} ${answer.respMsg}`);
  return quote;
}

/** A seeded database with the real app and a market engine over the simulated demo feed. */
export function useExchangeApp(target: DatabaseTarget) {
  const env = useMarketApp(target, createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'test' }));

  const admin = checkedAdmin(env);

  async function user(holdings: Record<string, string> = {}) {
    const wallet = await fundedWallet(env, holdings);
    const { call } = wallet;
    const quote = async (pair: string, amount?: string) => {
      const answer = await call('10030', amount === undefined ? { pair } : { pair, amount });
      expect(answer.respCode, answer.respMsg).toBe('00000');
      return quoteOf(answer);
    };
    const exchange = (pair: string, amount: string, quoteId: string, requestId = randomUUID()) =>
      call('10031', { pair, amount, quoteId, requestId });
    const available = async (coin: string) =>
      dataOf(await call('10010')).assets.find((a) => a.coin === coin)?.available ?? '0';
    return { address: wallet.address.toLowerCase(), call, quote, exchange, available };
  }

  const system = (name: 'exchange_inventory' | 'fee_revenue', coin: string) =>
    balanceOf(env.database.db, systemAccount(name), coin);

  return { env, admin, user, system };
}
