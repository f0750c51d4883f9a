/**
 * Proof of solvency (docs/solvency.md). A snapshot reads every user's balance per coin in one
 * repeatable-read transaction, splits each into random parts among decoys (`leaves.ts`), builds
 * the Merkle sum tree of `protocol/solvency.ts` over them, checks that the root's sums equal the
 * users' liabilities as the journal itself adds them up (postings, not the cached balances), and
 * stores the tree, each leaf's owner and salt and the reserves read on chain at the same time.
 * Code 10090 lists snapshots; 10091 gives a wallet its own parts and their paths.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import {
  buildSumTree,
  EMPTY_TEXT,
  fromUnits,
  nextSnapshotAt,
  pathFrom,
  type SolvencyCoin,
  type SolvencyProof,
  type SolvencyProofAnswer,
  type SolvencySnapshot,
  type SumNode,
  siblingSlots,
  toUnits,
} from '../../../protocol/solvency.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { DECOY_WALLET, layoutLeaves, type Randomness } from './leaves.ts';
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

/** randomInt's bounds stop below 2^48; a balance's smallest units can be far more. */
const RANDOM_INT_LIMIT = 2n ** 48n;

let saltPool = { bytes: Buffer.alloc(0), offset: 0 };

/** The CSPRNG behind a snapshot's parts, positions and salts. */
export const cryptoRandomness: Randomness = {
  below(bound) {
    if (bound < RANDOM_INT_LIMIT) return BigInt(randomInt(Number(bound)));
    // Rejection sampling over just enough bits: uniform, and under two draws on average.
    const bits = bound.toString(2).length;
    const mask = (1n << BigInt(bits)) - 1n;
    for (;;) {
      const drawn = BigInt(`0x${randomBytes(Math.ceil(bits / 8)).toString('hex')}`) & mask;
      if (drawn < bound) return drawn;
    }
  },
  salt() {
    // One call to the CSPRNG per 4,096 salts: a call per salt cost more than the tree's hashing.
    if (saltPool.offset === saltPool.bytes.length) saltPool = { bytes: randomBytes(16 * 4096), offset: 0 };
    const salt = saltPool.bytes.toString('hex', saltPool.offset, saltPool.offset + 16);
    saltPool.offset += 16;
    return salt;
  },
};

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
  /** Tests only: a seeded source instead of the CSPRNG. */
  random?: Randomness;
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
      const coinRows = rowsOf<{ symbol: string; precision: number }>(
        await tx.execute(sql`select symbol, precision from coins order by symbol`),
      );
      const coins = coinRows.map((r) => r.symbol);
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
      const users = [...byWallet.entries()].map(([wallet, amounts]) => ({ wallet, balances: amounts }));
      const leaves = layoutLeaves(
        users,
        coinRows.map((r) => r.precision),
        options.random ?? cryptoRandomness,
      );
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
          userCount: users.length,
          day: options.day ?? null,
        })
        .returning();
      if (!snapshot) throw new Error('the snapshot row was not written');
      // Batches made as they go: the whole tree again as rows would double the snapshot's memory.
      for (const [depth, level] of tree.entries()) {
        for (let i = 0; i < level.length; i += BATCH) {
          const rows = level
            .slice(i, i + BATCH)
            .map((node, k) => ({ level: depth, position: i + k, hash: node.hash, sums: node.sums }));
          await tx.execute(sql`
            insert into solvency_nodes (snapshot_id, level, position, hash, sums)
            select ${snapshot.id}, r.level, r.position, r.hash, r.sums
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              as r(level int, position int, hash text, sums jsonb)`);
        }
      }
      // Every leaf, decoys (no wallet) included: with the level-0 sums, the tree can be rebuilt.
      for (let i = 0; i < leaves.length; i += BATCH) {
        const rows = leaves.slice(i, i + BATCH).map((leaf, k) => ({
          wallet: leaf.wallet === DECOY_WALLET ? null : leaf.wallet,
          position: i + k,
          salt: leaf.salt,
        }));
        await tx.execute(sql`
          insert into solvency_leaves (snapshot_id, wallet, position, salt)
          select ${snapshot.id}, r.wallet, r.position, r.salt
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
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

/** A snapshot by id, or the latest when no id is given; undefined when there is none. */
async function snapshotRow(db: DbOrTx, snapshotId: number | undefined) {
  const [row] = await db
    .select()
    .from(solvencySnapshots)
    .where(snapshotId === undefined ? undefined : eq(solvencySnapshots.id, snapshotId))
    .orderBy(desc(solvencySnapshots.id))
    .limit(1);
  return row;
}

/**
 * 10091: the wallet's proof in a snapshot (the latest by default), or, when that snapshot does
 * not hold the wallet (it signed up later) or there is none yet, when the next one will.
 */
export async function proofAnswer(
  db: DbOrTx,
  wallet: string,
  snapshotId: number | undefined,
  now: number,
): Promise<SolvencyProofAnswer> {
  const row = await snapshotRow(db, snapshotId);
  if (!row && snapshotId !== undefined) throw new DomainError('not_found');
  const proof = row ? await proofIn(db, wallet, row) : null;
  return (
    proof ?? { pending: true, snapshot: row ? toSnapshot(row) : null, nextSnapshotAt: nextSnapshotAt(now) }
  );
}

/** The wallet's leaves (parts), salts and paths in a snapshot (the latest by default). */
export async function proofOf(db: DbOrTx, wallet: string, snapshotId?: number): Promise<SolvencyProof> {
  const row = await snapshotRow(db, snapshotId);
  const proof = row ? await proofIn(db, wallet, row) : null;
  if (!proof) throw new DomainError('not_found');
  return proof;
}

/** The wallet's proof in snapshot `row`; null when the snapshot does not hold the wallet. */
async function proofIn(
  db: DbOrTx,
  wallet: string,
  row: typeof solvencySnapshots.$inferSelect,
): Promise<SolvencyProof | null> {
  const own = await db
    .select({ position: solvencyLeaves.position, salt: solvencyLeaves.salt })
    .from(solvencyLeaves)
    .where(and(eq(solvencyLeaves.snapshotId, row.id), eq(solvencyLeaves.wallet, wallet)))
    .orderBy(solvencyLeaves.position);
  if (own.length === 0) return null;
  const [height] = rowsOf<{ top: number }>(
    await db.execute(sql`select max(level)::int as top from solvency_nodes where snapshot_id = ${row.id}`),
  );
  const top = height?.top ?? 0;
  // Each leaf, its siblings, and the root: the parts' paths share their upper siblings, so each
  // node is asked for once, all in one query.
  const wanted = new Map<string, { level: number; position: number }>();
  for (const slot of [
    ...own.flatMap((leaf) => [{ level: 0, position: leaf.position }, ...siblingSlots(leaf.position, top)]),
    { level: top, position: 0 },
  ])
    wanted.set(`${slot.level}:${slot.position}`, slot);
  const pairs = sql.join(
    [...wanted.values()].map((w) => sql`(${w.level}::int, ${w.position}::int)`),
    sql`, `,
  );
  const nodes = rowsOf<{ level: number; position: number; hash: string; sums: string[] }>(
    await db.execute(sql`
      select level, position, hash, sums from solvency_nodes
      where snapshot_id = ${row.id} and (level, position) in (${pairs})`),
  );
  const byPlace = new Map(nodes.map((n) => [`${n.level}:${n.position}`, n]));
  const at = (level: number, position: number) => byPlace.get(`${level}:${position}`);
  const root = at(top, 0);
  if (!root) throw new Error(`snapshot ${row.id} is missing its root`);
  const empty = { hash: EMPTY_HASH, sums: row.coins.map(() => '0') };
  const parts = own.map((leaf) => {
    const node = at(0, leaf.position);
    if (!node) throw new Error(`snapshot ${row.id} is missing leaf ${leaf.position}`);
    return {
      leaf: { wallet, salt: leaf.salt, balances: node.sums },
      path: pathFrom(leaf.position, top, at, empty),
    };
  });
  const balances = row.coins.map((_, c) =>
    fromUnits(parts.reduce((sum, part) => sum + toUnits(part.leaf.balances[c] ?? '0'), 0n)),
  );
  return {
    snapshot: toSnapshot(row),
    coins: row.coins,
    wallet,
    balances,
    parts,
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
