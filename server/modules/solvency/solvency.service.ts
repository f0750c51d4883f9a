/**
 * Proof of solvency (docs/solvency.md). A snapshot reads every user's balance per coin in one
 * repeatable-read transaction, builds the Merkle sum tree of `protocol/solvency.ts` over them,
 * checks that the root's sums equal the users' liabilities as the journal itself adds them up
 * (postings, not the cached balances), and stores the tree, each leaf's salt and the reserves read
 * on chain at the same time. Code 10090 lists snapshots; 10091 gives a wallet its own proof.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  buildSumTree,
  EMPTY_TEXT,
  fromUnits,
  type LeafInput,
  pathFrom,
  type SolvencyCoin,
  type SolvencyProof,
  type SolvencySnapshot,
  type SumNode,
  siblingSlots,
  toUnits,
} from '../../../protocol/solvency.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { ApiError } from '../../http/api-error.ts';
import { solvencyLeaves, solvencyReserves, solvencySnapshots } from './solvency.schema.ts';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const EMPTY_HASH = sha256Hex(EMPTY_TEXT);

/** One declared reserve address, and what reading it on chain returns (null: cannot be read). */
export interface ReserveAddress {
  chain: string;
  coin: string;
  address: string;
}
export type ReserveReader = (reserve: ReserveAddress) => Promise<string | null>;

export class SnapshotRefused extends Error {}

const UNIT = 10n ** 18n;
/** Ratios are shown to 4 decimals: 10^-4 in units of 10^-18. */
const RATIO_STEP = 10n ** 14n;

/** Rows per insert statement: one JSON parameter each, as the candle store does. */
const BATCH = 5000;

function shuffled<T>(items: T[]): T[] {
  // Positions follow no order of wallets or balances (Fisher-Yates with a CSPRNG).
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Per coin with a declared address that could be read: the sum of its readings. Read just before
 * the balances, outside their transaction: chain calls take seconds, and a transaction must not
 * wait on the network (on PGlite, one connection, the reader's own queries would wait on it).
 */
async function readReserves(db: DbOrTx, read: ReserveReader | undefined): Promise<Map<string, string>> {
  const declared = await db.select().from(solvencyReserves);
  const readings = new Map<string, string>();
  for (const reserve of declared) {
    const value = read ? await read(reserve).catch(() => null) : null;
    if (value === null) continue;
    const before = readings.get(reserve.coin);
    readings.set(reserve.coin, fromUnits((before ? toUnits(before) : 0n) + toUnits(value)));
  }
  return readings;
}

export interface SnapshotOptions {
  at: Date;
  /** The UTC day of a scheduled snapshot: a second one for the same day is not taken. */
  day?: string;
  readReserve?: ReserveReader;
}

/**
 * Takes and stores a snapshot; refuses (SnapshotRefused) when a balance is negative or the tree's
 * totals differ from the journal's. Null when `day` already has its snapshot.
 */
export async function takeSnapshot(db: Db, options: SnapshotOptions): Promise<SolvencySnapshot | null> {
  const readings = await readReserves(db, options.readReserve);
  return db.transaction(
    async (tx) => {
      if (options.day) {
        const [taken] = await tx
          .select({ id: solvencySnapshots.id })
          .from(solvencySnapshots)
          .where(eq(solvencySnapshots.day, options.day));
        if (taken) return null;
      }
      const coins = rowsOf<{ symbol: string }>(
        await tx.execute(sql`select symbol from coins order by symbol`),
      ).map((r) => r.symbol);
      const balances = rowsOf<{ owner: string; coin: string; total: string }>(
        await tx.execute(sql`
          select owner, coin, sum(balance)::text as total from ledger_accounts
          where kind = 'user' group by owner, coin`),
      );
      const wallets = rowsOf<{ address: string }>(await tx.execute(sql`select address from users`)).map(
        (r) => r.address,
      );
      const byWallet = new Map<string, string[]>();
      const column = new Map(coins.map((c, i) => [c, i]));
      for (const wallet of wallets)
        byWallet.set(
          wallet,
          coins.map(() => '0'),
        );
      for (const row of balances) {
        const amounts = byWallet.get(row.owner) ?? coins.map(() => '0');
        const i = column.get(row.coin);
        if (i === undefined) continue;
        if (toUnits(row.total) < 0n) throw new SnapshotRefused(`a negative balance of ${row.coin}`);
        amounts[i] = fromUnits(toUnits(row.total));
        byWallet.set(row.owner, amounts);
      }
      const leaves: LeafInput[] = shuffled([...byWallet.entries()]).map(([wallet, amounts]) => ({
        wallet,
        salt: randomBytes(16).toString('hex'),
        balances: amounts,
      }));
      const tree = buildSumTree(leaves, coins.length, sha256Hex);
      const root = tree.at(-1)?.[0] as SumNode;

      // The journal's own view of the same moment: every posting to a user account, summed.
      const journal = rowsOf<{ coin: string; total: string }>(
        await tx.execute(sql`
          select a.coin, sum(p.amount)::text as total from postings p
          join ledger_accounts a on a.id = p.account_id
          where a.kind = 'user' group by a.coin`),
      );
      const owed = new Map(journal.map((r) => [r.coin, fromUnits(toUnits(r.total))]));
      for (const [i, coin] of coins.entries()) {
        const inTree = root.sums[i] ?? '0';
        const inJournal = owed.get(coin) ?? '0';
        if (inTree !== inJournal) {
          throw new SnapshotRefused(`${coin}: the tree sums ${inTree}, the journal owes users ${inJournal}`);
        }
      }

      const reserves = Object.fromEntries(coins.map((coin) => [coin, readings.get(coin) ?? null]));
      const [snapshot] = await tx
        .insert(solvencySnapshots)
        .values({
          takenAt: options.at,
          rootHash: root.hash,
          coins,
          totals: root.sums,
          reserves,
          userCount: leaves.length,
          day: options.day ?? null,
        })
        .returning();
      if (!snapshot) throw new Error('the snapshot row was not written');
      const nodes = tree.flatMap((level, depth) =>
        level.map((node, position) => ({ level: depth, position, hash: node.hash, sums: node.sums })),
      );
      for (let i = 0; i < nodes.length; i += BATCH) {
        await tx.execute(sql`
          insert into solvency_nodes (snapshot_id, level, position, hash, sums)
          select ${snapshot.id}, r.level, r.position, r.hash, r.sums
          from jsonb_to_recordset(${JSON.stringify(nodes.slice(i, i + BATCH))}::jsonb)
            as r(level int, position int, hash text, sums jsonb)`);
      }
      const positions = leaves.map((leaf, position) => ({ wallet: leaf.wallet, position, salt: leaf.salt }));
      for (let i = 0; i < positions.length; i += BATCH) {
        await tx.execute(sql`
          insert into solvency_leaves (snapshot_id, wallet, position, salt)
          select ${snapshot.id}, r.wallet, r.position, r.salt
          from jsonb_to_recordset(${JSON.stringify(positions.slice(i, i + BATCH))}::jsonb)
            as r(wallet text, position int, salt text)`);
      }
      return toSnapshot(snapshot);
    },
    { isolationLevel: 'repeatable read' },
  );
}

function toSnapshot(row: typeof solvencySnapshots.$inferSelect): SolvencySnapshot {
  const coins: SolvencyCoin[] = row.coins.map((coin, i) => {
    const liabilities = row.totals[i] ?? '0';
    const reserves = row.reserves[coin] ?? null;
    const owed = toUnits(liabilities);
    // reserves / liabilities to 4 decimals, rounded down: never shows more cover than there is.
    const ratio =
      reserves === null || owed === 0n
        ? null
        : fromUnits(((toUnits(reserves) * UNIT) / owed / RATIO_STEP) * RATIO_STEP);
    return { coin, liabilities, reserves, ratio };
  });
  return {
    id: row.id,
    takenAt: row.takenAt.getTime(),
    rootHash: row.rootHash,
    userCount: row.userCount,
    coins,
  };
}

/** Newest first. */
export async function listSnapshots(db: DbOrTx, limit: number): Promise<SolvencySnapshot[]> {
  const rows = await db.select().from(solvencySnapshots).orderBy(desc(solvencySnapshots.id)).limit(limit);
  return rows.map(toSnapshot);
}

/** The wallet's leaf, salt and path in a snapshot (the latest by default). */
export async function proofOf(db: DbOrTx, wallet: string, snapshotId?: number): Promise<SolvencyProof> {
  const [row] = await db
    .select()
    .from(solvencySnapshots)
    .where(snapshotId === undefined ? undefined : eq(solvencySnapshots.id, snapshotId))
    .orderBy(desc(solvencySnapshots.id))
    .limit(1);
  if (!row) throw new ApiError('not_found');
  const [leaf] = await db
    .select()
    .from(solvencyLeaves)
    .where(and(eq(solvencyLeaves.snapshotId, row.id), eq(solvencyLeaves.wallet, wallet)));
  if (!leaf) throw new ApiError('not_found');
  const [height] = rowsOf<{ top: number }>(
    await db.execute(sql`select max(level)::int as top from solvency_nodes where snapshot_id = ${row.id}`),
  );
  const top = height?.top ?? 0;
  // The leaf, its siblings and the root: one row per level, in one query.
  const wanted = [
    { level: 0, position: leaf.position },
    ...siblingSlots(leaf.position, top),
    { level: top, position: 0 },
  ];
  const pairs = sql.join(
    wanted.map((w) => sql`(${w.level}::int, ${w.position}::int)`),
    sql`, `,
  );
  const nodes = rowsOf<{ level: number; position: number; hash: string; sums: string[] }>(
    await db.execute(sql`
      select level, position, hash, sums from solvency_nodes
      where snapshot_id = ${row.id} and (level, position) in (${pairs})`),
  );
  const at = (level: number, position: number) =>
    nodes.find((n) => n.level === level && n.position === position);
  const own = at(0, leaf.position);
  const root = at(top, 0);
  if (!own || !root) throw new Error(`snapshot ${row.id} is missing nodes`);
  const path = pathFrom(leaf.position, top, at, { hash: EMPTY_HASH, sums: row.coins.map(() => '0') });
  return {
    snapshot: toSnapshot(row),
    coins: row.coins,
    leaf: { wallet: leaf.wallet, salt: leaf.salt, balances: own.sums },
    path,
    root: { hash: root.hash, sums: root.sums },
  };
}

/** Declares a reserve address (idempotent). */
export async function declareReserve(db: DbOrTx, reserve: ReserveAddress): Promise<void> {
  await db.insert(solvencyReserves).values(reserve).onConflictDoNothing();
}

export async function listReserves(db: DbOrTx): Promise<ReserveAddress[]> {
  return db
    .select({ chain: solvencyReserves.chain, coin: solvencyReserves.coin, address: solvencyReserves.address })
    .from(solvencyReserves);
}
