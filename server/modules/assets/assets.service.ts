/**
 * What a user owns (10010), read from the ledger (the movements of its available balance, 10011,
 * are the statements module's). Values in USDT: USDT itself, and every other coin at the bid of its USDT market (what
 * selling it would fetch now, the price the flash exchange starts from); a coin without such a
 * market, or a server without the market engine, is listed as unpriced rather than guessed.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { type AssetRow, type AssetsResponse, EARNING_TYPES } from '../../../protocol/assets.ts';
import { dec, fmt, roundDown } from '../../../protocol/money.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enabledInOrder } from '../../db/enabled.ts';
import { readAll } from '../../db/reads.ts';
import { coins } from '../../ledger/coins.schema.ts';
import { journalEntries, ledgerAccounts, postings } from '../../ledger/ledger.schema.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { type MarketEngine, QUOTE, usdtBids } from '../markets/index.ts';
import { faucetKey } from './faucet.ts';

/** The value of `amount` of `coin` in USDT (down to USDT's precision), or null without a price. */
function valueInUsdt(
  coin: string,
  amount: string,
  bids: Map<string, string>,
  precision: number,
): string | null {
  if (coin === QUOTE) return amount;
  const bid = bids.get(coin);
  return bid === undefined ? null : roundDown(dec(amount).times(dec(bid)), precision);
}

async function earningsSince(db: DbOrTx, owner: string, since: Date | null): Promise<string> {
  const rows = await db
    .select({ total: sql<string | null>`sum(${postings.amount})::text` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(ledgerAccounts.owner, owner),
        eq(ledgerAccounts.bucket, 'available'),
        eq(ledgerAccounts.coin, QUOTE),
        inArray(journalEntries.type, [...EARNING_TYPES]),
        since ? gte(journalEntries.createdAt, since) : undefined,
      ),
    );
  return fmt(dec(rows[0]?.total ?? '0'));
}

/** Midnight UTC today: "today's earnings" are counted per UTC day (docs/ledger.md). */
function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function assetsOf(
  db: DbOrTx,
  engine: MarketEngine | null,
  wallet: string,
  now = new Date(),
): Promise<AssetsResponse> {
  const owner = wallet.toLowerCase();
  const [coinRows, balances] = await readAll(db, [
    () =>
      enabledInOrder(
        db.select({ symbol: coins.symbol, precision: coins.precision }).from(coins).$dynamic(),
        coins,
      ),
    () => balancesOf(db, owner),
  ] as const);
  const bids = await usdtBids(
    engine,
    coinRows.map((c) => c.symbol),
    now.getTime(),
  );
  const usdtPrecision = coinRows.find((c) => c.symbol === QUOTE)?.precision ?? 2;
  const assets: AssetRow[] = coinRows.map(({ symbol }) => {
    const of = (bucket: string) =>
      dec(balances.find((b) => b.coin === symbol && b.bucket === bucket)?.balance ?? '0');
    const total = of('available').plus(of('frozen')).plus(of('staked'));
    return {
      coin: symbol,
      available: fmt(of('available')),
      frozen: fmt(of('frozen')),
      staked: fmt(of('staked')),
      total: fmt(total),
      valueUsdt: valueInUsdt(symbol, fmt(total), bids, usdtPrecision),
    };
  });
  const totalUsdt = assets.reduce((sum, a) => (a.valueUsdt ? sum.plus(dec(a.valueUsdt)) : sum), dec('0'));
  return {
    assets,
    totalUsdt: fmt(totalUsdt),
    unpriced: assets.filter((a) => a.valueUsdt === null && !dec(a.total).isZero()).map((a) => a.coin),
    todayEarningsUsdt: await earningsSince(db, owner, startOfUtcDay(now)),
    totalEarningsUsdt: await earningsSince(db, owner, null),
    faucetClaimed:
      (
        await db
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .where(eq(journalEntries.idempotencyKey, faucetKey(owner)))
          .limit(1)
      ).length > 0,
  };
}
