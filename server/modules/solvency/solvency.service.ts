/**
 * Proof of solvency (docs/solvency.md). A snapshot reads every user's balance per coin in one
 * repeatable-read transaction (`solvency.moment.ts`), splits each into random parts among decoys
 * (`leaves.ts`), builds the Merkle sum tree of `protocol/solvency.ts` over them, checks that the
 * root's sums equal the users' liabilities as the journal itself adds them up (postings, not the
 * cached balances), and stores the tree, each leaf's owner and salt and the reserves read on chain
 * at the same time, in bounded transactions (`solvency.store.ts`): published only once complete,
 * taken again after a kill. Code 10090 lists snapshots; 10091 gives a wallet its own parts and
 * their paths.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../../protocol/domain-error.ts';
import {
  nextSnapshotAt,
  pathFrom,
  type SolvencyCoin,
  type SolvencyProof,
  type SolvencyProofAnswer,
  type SolvencySnapshot,
  type SumNode,
} from '../../../protocol/solvency.ts';
import { fromUnits, toUnits } from '../../../protocol/solvency-units.ts';
import type { Database, Db, DbOrTx } from '../../db/client.ts';
import { underAdvisoryLock } from '../../jobs/periodic-job.ts';
import { journalHorizon } from '../../ledger/journal-horizon.ts';
import { checkpointColumns, type JournalCheckpoint, latestCheckpoint } from './journal-checkpoint.ts';
import { layoutLeaves, type Randomness } from './leaves.ts';
import { pagedTree } from './paged-tree.ts';
import { newSaltKey, saltsFrom } from './salts.ts';
import { readMoment, SnapshotRefused } from './solvency.moment.ts';
import { solvencyReserves, solvencySnapshots } from './solvency.schema.ts';
import {
  bucketRows,
  EMPTY_HASH,
  leavesOf,
  nodesAt,
  proofSlots,
  sha256Hex,
  storeRows,
  type TreeRows,
} from './solvency.store.ts';

export { SnapshotRefused } from './solvency.moment.ts';
export { sha256Hex } from './solvency.store.ts';

/** One declared reserve address, and what reading it on chain returns (null: cannot be read). */
export interface ReserveAddress {
  chain: string;
  coin: string;
  address: string;
}
export type ReserveReader = (reserve: ReserveAddress) => Promise<string | null>;

const UNIT = 10n ** 18n;
/** Ratios are shown to 4 decimals: 10^-4 in units of 10^-18. */
const RATIO_STEP = 10n ** 14n;

/** randomInt's bounds stop below 2^48; a balance's smallest units can be far more. */
const RANDOM_INT_LIMIT = 2n ** 48n;
const RANDOM_INT_NUMBER = 2 ** 48;

/** The CSPRNG behind a snapshot's parts and positions (its salts come from `salts.ts`). */
export const cryptoRandomness: Randomness = {
  int(bound) {
    return bound < RANDOM_INT_NUMBER ? randomInt(bound) : Number(this.below(BigInt(bound)));
  },
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
  /** Called as each stage ends (the bench prints where the time goes). */
  onStage?: (stage: SnapshotStage) => void;
}

export type SnapshotStage = 'read' | 'layout' | 'tree' | 'pages' | 'leaves' | 'stored';

/** The advisory lock key of snapshots ("SOL1"): one process of a deployment takes one at a time. */
export const SOLVENCY_LOCK_KEY = 0x534f4c31;

/** This process's snapshots, one after the other (on PGlite the advisory lock is always granted). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Takes and stores a snapshot; refuses (SnapshotRefused) when a balance is negative or the tree's
 * totals differ from the journal's. Null when `day` already has its snapshot, or when another
 * process is taking one (it holds the lock).
 */
export async function takeSnapshot(
  database: Database,
  options: SnapshotOptions,
): Promise<SolvencySnapshot | null> {
  const run = queue.then(() =>
    underAdvisoryLock(database, SOLVENCY_LOCK_KEY, () => snapshotUnderLock(database.db, options)),
  );
  queue = run.catch(() => undefined);
  return (await run).result;
}

async function snapshotUnderLock(db: Db, options: SnapshotOptions): Promise<SolvencySnapshot | null> {
  const stage = options.onStage ?? (() => undefined);
  // Under the lock no other run is storing one: an incomplete snapshot is a killed run's. Its
  // moment is gone with it, so the snapshot is taken again rather than its storing resumed.
  await db.delete(solvencySnapshots).where(eq(solvencySnapshots.complete, false));
  if (options.day) {
    const [taken] = await db
      .select({ id: solvencySnapshots.id })
      .from(solvencySnapshots)
      .where(eq(solvencySnapshots.day, options.day));
    if (taken) return null;
  }
  const readings = await readReserves(db, options.readReserve);
  // Balances and journal at one moment; the tree is built after, outside the transaction. Only
  // its rows and root outlive `layTree`: no variable here holds the leaves or the tree.
  const saltKey = newSaltKey();
  // The checkpoint first, then a horizon every posting below which is committed (under the
  // journal's lock, released before the moment is read): the moment sees all of them.
  const checkpoint = await latestCheckpoint(db);
  const horizon = await journalHorizon(db);
  const laid = layTree(
    await db.transaction((tx) => readMoment(tx, checkpoint, horizon), { isolationLevel: 'repeatable read' }),
    saltKey,
    options,
    stage,
  );
  const { coins, root } = laid;
  const reserves = Object.fromEntries(coins.map((coin) => [coin, readings.get(coin) ?? null]));
  const [started] = await db
    .insert(solvencySnapshots)
    .values({
      takenAt: options.at,
      rootHash: root.hash,
      coins,
      totals: root.sums,
      reserves,
      userCount: laid.userCount,
      height: laid.height,
      day: options.day ?? null,
      saltKey,
      ...(laid.checkpoint ? checkpointColumns(laid.checkpoint) : {}),
      complete: false,
    })
    .returning({ id: solvencySnapshots.id });
  if (!started) throw new Error('the snapshot row was not written');
  await storeRows(db, started.id, laid.rows, stage);
  const [snapshot] = await db
    .update(solvencySnapshots)
    .set({ complete: true })
    .where(eq(solvencySnapshots.id, started.id))
    .returning();
  if (!snapshot) throw new Error(`snapshot ${started.id} was deleted while it was stored`);
  stage('stored');
  return toSnapshot(snapshot);
}

/**
 * A moment's leaves laid out and salted, its tree built and checked against the journal, and the
 * rows to store; refuses (SnapshotRefused) a tree whose sums differ from the journal's.
 */
function layTree(
  { coins, precisions, users, owed, checkpoint }: Awaited<ReturnType<typeof readMoment>>,
  saltKey: string,
  options: SnapshotOptions,
  stage: (stage: SnapshotStage) => void,
): {
  coins: string[];
  root: SumNode;
  height: number;
  userCount: number;
  rows: TreeRows;
  checkpoint: JournalCheckpoint | null;
} {
  stage('read');
  const leaves = layoutLeaves(users, precisions, options.random ?? cryptoRandomness, (count) =>
    saltsFrom(saltKey, count),
  );
  stage('layout');
  // A page at a time, and only the stored levels: the ones between are derived again when a
  // proof reads them.
  const { root, height, pages } = pagedTree(leaves, coins.length, sha256Hex);
  for (const [i, coin] of coins.entries()) {
    const inTree = root.sums[i] ?? '0';
    const inJournal = owed.get(coin) ?? '0';
    if (inTree !== inJournal) {
      throw new SnapshotRefused(`${coin}: the tree sums ${inTree}, the journal owes users ${inJournal}`);
    }
  }
  const rows = { pages, buckets: bucketRows(leaves, users.length) };
  stage('tree');
  return { coins, root, height, userCount: users.length, rows, checkpoint };
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

/** The complete snapshots' rows, newest first. */
function completeSnapshots(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(solvencySnapshots)
    .where(eq(solvencySnapshots.complete, true))
    .orderBy(desc(solvencySnapshots.id))
    .limit(limit);
}

/** Newest first. */
export async function listSnapshots(db: DbOrTx, limit: number): Promise<SolvencySnapshot[]> {
  return (await completeSnapshots(db, limit)).map(toSnapshot);
}

/**
 * `listSnapshots` for the operators, with the posting id each snapshot summed the journal through
 * (null where it kept no checkpoint: it missed the journal's lock, or came before migration 0041):
 * a checkpoint that stops moving means every snapshot sums a longer journal. Never in 10090.
 */
export async function listSnapshotsForOperators(
  db: DbOrTx,
  limit: number,
): Promise<(SolvencySnapshot & { journalThrough: number | null })[]> {
  return (await completeSnapshots(db, limit)).map((row) => ({
    ...toSnapshot(row),
    journalThrough: row.journalThrough,
  }));
}

/** A complete snapshot by id, or the latest when no id is given; undefined when there is none. */
async function snapshotRow(db: DbOrTx, snapshotId: number | undefined) {
  const [row] = await db
    .select()
    .from(solvencySnapshots)
    .where(
      and(
        eq(solvencySnapshots.complete, true),
        snapshotId === undefined ? undefined : eq(solvencySnapshots.id, snapshotId),
      ),
    )
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
  const own = await leavesOf(db, row, wallet);
  if (!own) return null;
  const top = row.height;
  // Each leaf, its siblings and the root, a page each: the parts' paths share their upper pages.
  const at = await nodesAt(
    db,
    { id: row.id, height: top, coins: row.coins.length },
    proofSlots(
      own.map((leaf) => leaf.position),
      top,
    ),
  );
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
