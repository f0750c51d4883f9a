/** Queries behind the global configuration. */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chains, coinChains, coins, settings } from './config.schema.ts';

export type ChainRow = typeof chains.$inferSelect;
export type CoinRow = typeof coins.$inferSelect;

export async function readSetting<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Sets some entries of a setting that maps names to values (features, coins, chains), keeping
 * the entries it does not name; returns the whole new value.
 */
export async function mergeSetting<V>(
  db: DbOrTx,
  key: string,
  entries: Record<string, V>,
): Promise<Record<string, V>> {
  const next = { ...(await readSetting<Record<string, V>>(db, key)), ...entries };
  await writeSetting(db, key, next);
  return next;
}

/** Stores `value` under `key` unless the key is set already: of two writers at once, the first wins. */
export async function addSettingIfAbsent(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
}

export async function listSettings(db: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export function listChains(db: DbOrTx): Promise<ChainRow[]> {
  return db.select().from(chains).orderBy(asc(chains.sort), asc(chains.id));
}

export function listCoins(db: DbOrTx): Promise<CoinRow[]> {
  return db.select().from(coins).orderBy(asc(coins.sort), asc(coins.symbol));
}

export function listCoinChains(db: DbOrTx) {
  return db
    .select()
    .from(coinChains)
    .orderBy(asc(coinChains.coin), asc(coinChains.sort), asc(coinChains.chain));
}

export async function upsertChain(db: DbOrTx, row: typeof chains.$inferInsert): Promise<void> {
  const { id, ...rest } = row;
  await db.insert(chains).values(row).onConflictDoUpdate({ target: chains.id, set: rest });
}

export async function upsertCoin(db: DbOrTx, row: typeof coins.$inferInsert): Promise<void> {
  const { symbol, ...rest } = row;
  await db.insert(coins).values(row).onConflictDoUpdate({ target: coins.symbol, set: rest });
}

/**
 * The chains a coin moves on, in order. A chain that stays keeps what the watcher knows of the
 * coin there (token contract, decimals, native), set by `config token`.
 */
export async function replaceCoinChains(db: DbOrTx, coin: string, chainIds: string[]): Promise<void> {
  await db
    .delete(coinChains)
    .where(
      and(
        eq(coinChains.coin, coin),
        chainIds.length > 0 ? notInArray(coinChains.chain, chainIds) : undefined,
      ),
    );
  for (const [sort, chain] of chainIds.entries()) {
    await db
      .insert(coinChains)
      .values({ coin, chain, sort })
      .onConflictDoUpdate({ target: [coinChains.coin, coinChains.chain], set: { sort } });
  }
}
