/**
 * Reserves read on chain at the snapshot (docs/solvency.md), against a real local node (Hardhat's
 * EDR): declared addresses holding an ERC-20 and the native coin are read through the chain's RPC
 * URL and summed per coin, the ratio is reserves / liabilities rounded down, and a coin whose
 * chain has no RPC URL is "not attested" (null), never a typed-in figure.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { SolvencySnapshot } from '../../protocol/solvency.ts';
import { ensureUser } from '../../server/modules/account/account.repository.ts';
import { amountAt } from '../../server/modules/chain-watch/evm-watcher.ts';
import { useChainDatabase } from '../helpers/chain-app.ts';
import { DATABASE_TARGETS } from '../helpers/databases.ts';
import { localChainConfig } from '../helpers/local-chain.ts';
import { depositArgs } from '../helpers/wallets.ts';

const CHAIN = 'ERC20';
const target = DATABASE_TARGETS[0];

test('chain amounts become exact decimals at the ledger scale', () => {
  expect(amountAt(1_234_500_000n, 6, 18)).toBe('1234.5');
  expect(amountAt(2_500_000_000_000_000_000n, 18, 18)).toBe('2.5');
  expect(amountAt(1n, 24, 18)).toBe('0');
  expect(amountAt(0n, 6, 18)).toBe('0');
});

describe.skipIf(!target?.available)('reserves read on a local node', () => {
  const reserveA = '0x1111111111111111111111111111111111111111';
  const reserveB = '0x2222222222222222222222222222222222222222';
  const reserveEth = '0x3333333333333333333333333333333333333333';
  const { env, admin } = useChainDatabase(
    target,
    (usdt) => [
      ...localChainConfig(CHAIN, usdt),
      ['solvency', 'reserve', '--chain', CHAIN, '--coin', 'USDT', '--address', reserveA],
      ['solvency', 'reserve', '--chain', CHAIN, '--coin', 'USDT', '--address', reserveB],
      ['solvency', 'reserve', '--chain', CHAIN, '--coin', 'ETH', '--address', reserveEth],
      // A chain without an RPC URL here: its reserve cannot be read.
      ['solvency', 'reserve', '--chain', 'BEP20', '--coin', 'BTC', '--address', reserveA],
    ],
    async ({ chain, database, usdt }) => {
      await chain.sendToken(usdt, reserveA, '1000', 6);
      await chain.sendToken(usdt, reserveB, '234.5', 6);
      await chain.sendEth(reserveEth, '2.5');
      const user = `0x${randomUUID().replaceAll('-', '')}00000000`;
      await ensureUser(database.db, user, null);
      const deposit = await admin(
        ...depositArgs({ address: user, coin: 'USDT', chain: 'TRC20', amount: '1000' }),
      );
      expect(deposit.ok, deposit.text).toBe(true);
    },
  );

  test('each coin sums its addresses on chain; no RPC URL means not attested', async () => {
    process.env[`CHAIN_RPC_${CHAIN}`] = env.chain.url;
    try {
      const result = await admin('solvency', 'snapshot');
      expect(result.ok, result.text).toBe(true);
      const snapshot = result.json as SolvencySnapshot;
      const coin = (symbol: string) => snapshot.coins.find((c) => c.coin === symbol);
      expect(coin('USDT')).toEqual({
        coin: 'USDT',
        liabilities: '1000',
        reserves: '1234.5',
        ratio: '1.2345',
      });
      // Held on chain, owed to nobody: no ratio to show.
      expect(coin('ETH')).toMatchObject({ reserves: '2.5', ratio: null });
      expect(coin('BTC')).toMatchObject({ reserves: null, ratio: null });
      expect(result.text).toMatch(/BTC: liabilities 0, reserves not attested/);
    } finally {
      delete process.env[`CHAIN_RPC_${CHAIN}`];
    }
  });
});
