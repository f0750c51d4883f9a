/**
 * How a snapshot's tree is stored and read back (docs/solvency.md, "Storage"). A row per node and
 * per leaf made storing about 1.1 million rows at 100,000 users, most of the snapshot's time. So:
 * - levels are cut into pages of `PAGE_SIZE` consecutive nodes, a row each (`nodes`, plain text);
 * - only every `PAGE_BITS`-th level is stored (0, 6, 12, ...): the five levels above a stored page
 *   are its own subtree, derived again when a proof needs them (63 hashes), and the sixth is the
 *   page's root, stored in the next stored level. Half the nodes are never written;
 * - the leaves' owners and salts go about 64 wallets to a row, bucketed by a hash of the wallet.
 * Rows go in chunks of `jobChunkRows()`, a transaction each, so that no transaction grows with the
 * user count; the snapshot is published (`complete`) only once the last chunk is in.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  EMPTY_TEXT,
  fromUnits,
  type LeafInput,
  nodeText,
  type SumNode,
  type SumTree,
  siblingSlots,
  toUnits,
} from '../../../protocol/solvency.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { faultPoint } from '../../faults.ts';
import { jobChunkRows } from '../../jobs/chunk-rows.ts';
import { DECOY_WALLET } from './leaves.ts';
import { solvencyLeafBuckets } from './solvency.schema.ts';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
export const EMPTY_HASH = sha256Hex(EMPTY_TEXT);

/**
 * Nodes per page, and the distance between stored levels: a proof reads one page per stored level
 * and part (about 8 kB each with ten coins), and derives the levels between. 64 keeps a proof's
 * reading to tens of kB and the rows per snapshot a few thousand. Migration 0035 cut the old rows
 * the same way: change both together.
 */
export const PAGE_BITS = 6;
export const PAGE_SIZE = 1 << PAGE_BITS;

/** Whether level `level` is stored (the others are derived from the stored page below). */
export const isStoredLevel = (level: number) => level % PAGE_BITS === 0;

/**
 * A page's text: `hash,sum,sum,...` per node, nodes joined by `;`. Hashes are hex and sums plain
 * decimals, so nothing needs quoting: no JSON escapes inside the insert's JSON parameter, and
 * splitting it back costs less than JSON.parse.
 */
function pageText(nodes: SumNode[]): string {
  return nodes.map((n) => [n.hash, ...n.sums].join(',')).join(';');
}

function parsePage(text: string, coins: number): SumNode[] {
  return text.split(';').map((node) => {
    const fields = node.split(',');
    return { hash: fields[0] ?? '', sums: fields.slice(1, 1 + coins) };
  });
}

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

/**
 * Stores the tree's pages and the leaves' owners and salts of snapshot `id` (of `userCount`
 * wallets, as its row says: proofs find their bucket from it), chunk by chunk. The caller marks
 * the snapshot complete afterwards; a kill before that leaves it unpublished.
 */
export async function storeTree(
  db: Db,
  { id, userCount }: { id: number; userCount: number },
  tree: SumTree,
  leaves: LeafInput[],
  stage: (name: 'pages' | 'leaves') => void,
): Promise<void> {
  const size = jobChunkRows();
  const pages: { level: number; page: number; nodes: string }[] = [];
  for (const [level, nodes] of tree.entries()) {
    if (!isStoredLevel(level)) continue;
    for (let start = 0; start < nodes.length; start += PAGE_SIZE)
      pages.push({ level, page: start >> PAGE_BITS, nodes: pageText(nodes.slice(start, start + PAGE_SIZE)) });
  }
  await inChunks(db, pages, size, async (tx, chunk) => {
    await tx.execute(sql`
      insert into solvency_node_pages (snapshot_id, level, page, nodes)
      select ${id}, r.level, r.page, r.nodes
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(level int, page int, nodes text)`);
  });
  stage('pages');

  // Every leaf, decoys included: with the level-0 sums, the tree can be rebuilt for an audit.
  const owned = new Map<string, { positions: number[]; salts: string[] }>();
  const decoys: { positions: number[]; salts: string[] }[] = [];
  for (const [position, leaf] of leaves.entries()) {
    let set: { positions: number[]; salts: string[] } | undefined;
    if (leaf.wallet === DECOY_WALLET) {
      set = decoys.at(-1);
      if (!set || set.positions.length === PAGE_SIZE) {
        set = { positions: [], salts: [] };
        decoys.push(set);
      }
    } else {
      set = owned.get(leaf.wallet);
      if (!set) {
        set = { positions: [], salts: [] };
        owned.set(leaf.wallet, set);
      }
    }
    // Leaves are visited in position order: each set's positions come out sorted, as proofs list them.
    set.positions.push(position);
    set.salts.push(leaf.salt);
  }
  const count = bucketCount(userCount);
  const buckets = new Map<number, string[]>();
  const put = (bucket: number, wallet: string, set: { positions: number[]; salts: string[] }) => {
    const entries = buckets.get(bucket) ?? [];
    entries.push(`${wallet}:${set.positions.join(',')}:${set.salts.join(',')}`);
    buckets.set(bucket, entries);
  };
  for (const [wallet, set] of owned) put(bucketOf(wallet, count), wallet, set);
  // Decoys are never looked up (an audit reads every bucket): any bucket will do.
  for (const [i, set] of decoys.entries()) put(i % count, DECOY_WALLET, set);
  const rows = [...buckets].map(([bucket, entries]) => ({ bucket, leaves: entries.join(';') }));
  await inChunks(db, rows, size, async (tx, chunk) => {
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
  return Number.parseInt(createHash('md5').update(wallet, 'utf8').digest('hex').slice(0, 8), 16) % buckets;
}

/** The entries of a bucket row: each wallet ('' for decoys) with its positions and salts. */
function parseBucket(text: string): { wallet: string; positions: number[]; salts: string[] }[] {
  return text.split(';').map((entry) => {
    const [wallet = '', positions = '', salts = ''] = entry.split(':');
    return { wallet, positions: positions.split(',').map(Number), salts: salts.split(',') };
  });
}

/** The wallet's leaves in a snapshot (positions ascending, with their salts); null if none. */
export async function leavesOf(
  db: DbOrTx,
  snapshot: { id: number; userCount: number },
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
  return set.positions.map((position, i) => ({ position, salt: set.salts[i] ?? '' }));
}

/**
 * The levels above a stored page, up to `levels` of them: its subtree, paired as `buildSumTree`
 * pairs the whole level (a page starts at a multiple of 64, so a level's last odd node is a page's
 * last odd node, and takes the empty partner likewise).
 */
function deriveAbove(page: SumNode[], levels: number): SumNode[][] {
  const coins = page[0]?.sums.length ?? 0;
  const empty: SumNode = { hash: EMPTY_HASH, sums: Array.from({ length: coins }, () => '0') };
  const derived = [page];
  for (let d = 1; d <= levels; d += 1) {
    const below = derived[d - 1] as SumNode[];
    const next: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i] as SumNode;
      const right = below[i + 1] ?? empty;
      const sums = left.sums.map((a, c) => fromUnits(toUnits(a) + toUnits(right.sums[c] ?? '0')));
      next.push({ hash: sha256Hex(nodeText(left, right, sums)), sums });
    }
    derived.push(next);
  }
  return derived;
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
      levels = deriveAbove(parsePage(text, snapshot.coins), Math.min(PAGE_BITS - 1, snapshot.height - base));
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
  const buckets = await db
    .select({ leaves: solvencyLeafBuckets.leaves })
    .from(solvencyLeafBuckets)
    .where(eq(solvencyLeafBuckets.snapshotId, id));
  const level0 = rowsOf<{ nodes: string }>(
    await db.execute(
      sql`select nodes from solvency_node_pages where snapshot_id = ${id} and level = 0 order by page`,
    ),
  ).flatMap((r) => parsePage(r.nodes, coins));
  const leaves: LeafInput[] = level0.map((node) => ({ wallet: DECOY_WALLET, salt: '', balances: node.sums }));
  for (const set of buckets.flatMap((b) => parseBucket(b.leaves)))
    for (const [i, position] of set.positions.entries()) {
      const leaf = leaves[position];
      if (!leaf) throw new Error(`snapshot ${id}: a leaf at ${position}, past the tree's leaves`);
      leaf.wallet = set.wallet;
      leaf.salt = set.salts[i] ?? '';
    }
  return leaves;
}
