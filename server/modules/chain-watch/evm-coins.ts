/**
 * The coins that move on an EVM chain as the operator configured them (`config token`): the
 * native coin, and each ERC-20 with its contract and decimals. The watcher reads deposits of
 * them; the withdraw sender pays them out.
 */
import { and, eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { DbOrTx } from '../../db/client.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { chains, coinChains } from '../config/index.ts';

/** How a coin moves on an EVM chain: its token contract and decimals, or the native coin (null, 18). */
export interface ChainCoin {
  coin: string;
  contract: Hex | null;
  decimals: number;
  precision: number;
}

/** The coins on `chain` if it is an EVM chain; `enabledOnly` leaves out coins the operator disabled. */
export async function evmCoinsOn(
  db: DbOrTx,
  chain: string,
  { enabledOnly = false }: { enabledOnly?: boolean } = {},
): Promise<ChainCoin[]> {
  const rows = await db
    .select({
      coin: coinChains.coin,
      contract: coinChains.contract,
      decimals: coinChains.decimals,
      native: coinChains.native,
      precision: coins.precision,
    })
    .from(coinChains)
    .innerJoin(coins, eq(coins.symbol, coinChains.coin))
    .innerJoin(chains, eq(chains.id, coinChains.chain))
    .where(
      and(
        eq(coinChains.chain, chain),
        eq(chains.family, 'evm'),
        enabledOnly ? eq(coins.enabled, true) : undefined,
      ),
    );
  return rows.flatMap((r): ChainCoin[] =>
    r.native
      ? [{ coin: r.coin, contract: null, decimals: 18, precision: r.precision }]
      : r.contract && r.decimals !== null
        ? [{ coin: r.coin, contract: r.contract as Hex, decimals: r.decimals, precision: r.precision }]
        : [],
  );
}
