/**
 * How a snapshot's tree is stored and read back (docs/solvency.md, "Storage"). A row per node and
 * per leaf made storing about 1.1 million rows at 100,000 users, most of the snapshot's time. So:
 * - levels are cut into pages of `PAGE_SIZE` consecutive nodes, a row each (`nodes`, plain text);
 * - only every `PAGE_BITS`-th level is stored (0, 6, 12, ...): the five levels above a stored page
 *   are its own subtree, derived again when a proof needs them (63 hashes), and the sixth is the
 *   page's root, stored in the next stored level. Half the nodes are never written;
 * - the leaves' owners go about 64 wallets to a row, bucketed by a hash of the wallet; their salts
 *   derive from the snapshot's key (`salts.ts`), and the decoys are the positions no wallet holds.
 * Rows go in chunks of `jobChunkRows()`, a transaction each, so that no transaction grows with the
 * user count; the snapshot is published (`complete`) only once the last chunk is in.
 */
import { hash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type LeafInput, type SumNode, siblingSlots } from '../../../protocol/solvency.ts';
import { toUnits } from '../../../protocol/solvency-units.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { faultPoint } from '../../faults.ts';
import { jobChunkRows } from '../../jobs/chunk-rows.ts';
import { DECOY_WALLET } from './leaves.ts';
import { emptyNode, levelsAbove } from './paged-tree.ts';
import { PAGE_BITS, parsePage, sha256Hex } from './pages.ts';
import { saltAt, saltsFrom } from './salts.ts';
import { solvencyLeafBuckets, solvencySnapshots } from './solvency.schema.ts';

export { EMPTY_HASH, isStoredLevel, PAGE_BITS, PAGE_SIZE, sha256Hex } from './pages.ts';

/** `rows` in chunks of `size`, each written by `write` in a transaction of its own. */
async function inChunks<T>(
  db: Db,
  rows: T[],
  size: number,
  write: (tx: DbOrTx, chunk: T[]) => Promise<void>,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.transaction(async (tx) => {
      await write(tx, rows.slice(i, i + size));
      // A kill here loses this chunk and keeps the ones before: the snapshot stays incomplete.
      faultPoint('solvency.snapshot');
    });
  }
}

/** A snapshot's rows as stored: the pages of its stored levels, and its leaf buckets. */
export interface TreeRows {
  pages: { level: number; page: number; nodes: string }[];
  buckets: { bucket: number; leaves: string }[];
}

/**
 * The leaf buckets of `leaves` for a snapshot of `userCount` wallets (proofs find their bucket
 * from that count, as the snapshot's row gives it).
 */
export function bucketRows(leaves: LeafInput[], userCount: number): TreeRows['buckets'] {
  // Each wallet's positions, in position order, as proofs list them. The salts derive from the
  // snapshot's key and the decoys are the positions no wallet holds: with the level-0 sums, that
  // is every leaf, and the tree can be rebuilt for an audit.
  const owned = new Map<string, number[]>();
  for (let position = 0; position < leaves.length; position += 1) {
    const wallet = (leaves[position] as LeafInput).wallet;
    if (wallet === DECOY_WALLET) continue;
    const positions = owned.get(wallet);
    if (positions) positions.push(position);
    else owned.set(wallet, [position]);
  }
  const count = bucketCount(userCount);
  const entries = new Map<number, string[]>();
  for (const [wallet, positions] of owned) {
    const bucket = bucketOf(wallet, count);
    const entry = `${wallet}:${positions.join(',')}`;
    const list = entries.get(bucket);
    if (list) list.push(entry);
    else entries.set(bucket, [entry]);
  }
  return [...entries].map(([bucket, list]) => ({ bucket, leaves: list.join(';') }));
}

/**
 * Stores snapshot `id`'s rows chunk by chunk, a transaction each. The caller marks the snapshot
 * complete afterwards; a kill before that leaves it unpublished.
 */
export async function storeRows(
  db: Db,
  id: number,
  rows: TreeRows,
  stage: (name: 'pages' | 'leaves') => void,
): Promise<void> {
  const size = jobChunkRows();
  await inChunks(db, rows.pages, size, async (tx, chunk) => {
    await tx.execute(sql`
      insert into solvency_node_pages (snapshot_id, level, page, nodes)
      select ${id}, r.level, r.page, r.nodes
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(level int, page int, nodes text)`);
  });
  stage('pages');
  await inChunks(db, rows.buckets, size, async (tx, chunk) => {
    await tx.execute(sql`
      insert into solvency_leaf_buckets (snapshot_id, bucket, leaves)
      select ${id}, r.bucket, r.leaves
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(bucket int, leaves text)`);
  });
  stage('leaves');
}

/** Wallets per leaf bucket, on average (a bucket is what a proof reads to find its wallet). */
const BUCKET_WALLETS = 64;

/** How many leaf buckets a snapshot of `users` wallets has (migration 0035 counts the same way). */
export const bucketCount = (users: number) => Math.max(1, Math.ceil(users / BUCKET_WALLETS));

/**
 * The bucket of `wallet`: the first 32 bits of its MD5, modulo `buckets`. MD5 only spreads the
 * wallets evenly (nothing relies on it being hard to invert); PostgreSQL has it too, so migration
 * 0035 computes the same bucket.
 */
export function bucketOf(wallet: string, buckets: number): number {
  return Number.parseInt(hash('md5', wallet, 'hex').slice(0, 8), 16) % buckets;
}

/**
 * The entries of a bucket row: each wallet with its positions, and for a snapshot without a salt
 * key (taken before salts were derived) the salts its entries store, decoys (wallet '') included.
 */
function parseBucket(text: string): { wallet: string; positions: number[]; stored: string[] }[] {
  return text.split(';').map((entry) => {
    const [wallet = '', positions = '', salts = ''] = entry.split(':');
    return { wallet, positions: positions.split(',').map(Number), stored: salts.split(',') };
  });
}

/** An entry's salts: derived from the snapshot's key, or as an older snapshot stored them. */
const saltsOf = (entry: { positions: number[]; stored: string[] }, saltKey: string | null): string[] =>
  saltKey === null ? entry.stored : entry.positions.map((position) => saltAt(saltKey, position));

/** The wallet's leaves in a snapshot (positions ascending, with their salts); null if none. */
export async function leavesOf(
  db: DbOrTx,
  snapshot: { id: number; userCount: number; saltKey: string | null },
  wallet: string,
): Promise<{ position: number; salt: string }[] | null> {
  const [row] = await db
    .select({ leaves: solvencyLeafBuckets.leaves })
    .from(solvencyLeafBuckets)
    .where(
      and(
        eq(solvencyLeafBuckets.snapshotId, snapshot.id),
        eq(solvencyLeafBuckets.bucket, bucketOf(wallet, bucketCount(snapshot.userCount))),
      ),
    );
  const set =
    row && wallet !== DECOY_WALLET ? parseBucket(row.leaves).find((e) => e.wallet === wallet) : undefined;
  if (!set) return null;
  // Only this wallet's salts are derived: the bucket holds some 64 wallets.
  const salts = saltsOf(set, snapshot.saltKey);
  return set.positions.map((position, i) => ({ position, salt: salts[i] ?? '' }));
}

/** The levels above a stored page, up to `levels` of them: its subtree, as the snapshot built it. */
function deriveAbove(page: SumNode[], levels: number, coins: number): SumNode[][] {
  const nodes = page.map((node) => ({ ...node, units: node.sums.map(toUnits) }));
  return levelsAbove(nodes, levels, emptyNode(coins, sha256Hex), sha256Hex);
}

/**
 * The nodes of snapshot `id` (a tree `height` levels above its leaves, `coins` sums a node) at
 * `slots`, as a lookup by level and position: each slot's stored page is read once, and a derived
 * level computed from it. A slot past its level's end is undefined (the empty partner).
 */
export async function nodesAt(
  db: DbOrTx,
  snapshot: { id: number; height: number; coins: number },
  slots: { level: number; position: number }[],
): Promise<(level: number, position: number) => SumNode | undefined> {
  /** The stored page that holds slot (level, position), or derives it. */
  const pageOf = (level: number, position: number) => {
    const base = level - (level % PAGE_BITS);
    return { base, page: (position << (level - base)) >> PAGE_BITS };
  };
  const wanted = new Map<string, { base: number; page: number }>();
  for (const { level, position } of slots) {
    const { base, page } = pageOf(level, position);
    wanted.set(`${base}:${page}`, { base, page });
  }
  const pairs = sql.join(
    [...wanted.values()].map((w) => sql`(${w.base}::int, ${w.page}::int)`),
    sql`, `,
  );
  const rows = rowsOf<{ level: number; page: number; nodes: string }>(
    await db.execute(sql`
      select level, page, nodes from solvency_node_pages
      where snapshot_id = ${snapshot.id} and (level, page) in (${pairs})`),
  );
  const stored = new Map(rows.map((r) => [`${r.level}:${r.page}`, r.nodes]));
  const derived = new Map<string, SumNode[][]>();
  return (level, position) => {
    if (level > snapshot.height) return undefined;
    const { base, page } = pageOf(level, position);
    const key = `${base}:${page}`;
    let levels = derived.get(key);
    if (!levels) {
      const text = stored.get(key);
      if (text === undefined) return undefined;
      levels = deriveAbove(
        parsePage(text, snapshot.coins),
        Math.min(PAGE_BITS - 1, snapshot.height - base),
        snapshot.coins,
      );
      derived.set(key, levels);
    }
    const d = level - base;
    return levels[d]?.[position - (page << (PAGE_BITS - d))];
  };
}

/** Every slot a proof of the leaves at `positions` reads: each leaf, its siblings, the root. */
export function proofSlots(positions: number[], height: number): { level: number; position: number }[] {
  return [
    ...positions.flatMap((position) => [{ level: 0, position }, ...siblingSlots(position, height)]),
    { level: height, position: 0 },
  ];
}

/**
 * Every leaf of snapshot `id` in tree order, decoys (wallet '') included, for an auditor who
 * rebuilds the tree and checks each wallet's parts against the ledger.
 */
export async function storedLeaves(db: DbOrTx, id: number, coins: number): Promise<LeafInput[]> {
  const [snapshot] = await db
    .select({ saltKey: solvencySnapshots.saltKey })
    .from(solvencySnapshots)
    .where(eq(solvencySnapshots.id, id));
  const saltKey = snapshot?.saltKey ?? null;
  const buckets = await db
    .select({ leaves: solvencyLeafBuckets.leaves })
    .from(solvencyLeafBuckets)
    .where(eq(solvencyLeafBuckets.snapshotId, id));
  const level0 = rowsOf<{ nodes: string }>(
    await db.execute(
      sql`select nodes from solvency_node_pages where snapshot_id = ${id} and level = 0 order by page`,
    ),
  ).flatMap((r) => parsePage(r.nodes, coins));
  // Every position is a decoy's until a bucket names its wallet; a keyed snapshot's salts are
  // all derived (a decoy's too), an older one's are in its buckets.
  const salts = saltKey === null ? [] : saltsFrom(saltKey, level0.length);
  const leaves: LeafInput[] = level0.map((node, position) => ({
    wallet: DECOY_WALLET,
    salt: salts[position] ?? '',
    balances: node.sums,
  }));
  for (const set of buckets.flatMap((b) => parseBucket(b.leaves)))
    for (const [i, position] of set.positions.entries()) {
      const leaf = leaves[position];
      if (!leaf) throw new Error(`snapshot ${id}: a leaf at ${position}, past the tree's leaves`);
      leaf.wallet = set.wallet;
      if (saltKey === null) leaf.salt = set.stored[i] ?? '';
    }
  return leaves;
}
