import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt, rowRef, serialId } from '../../db/columns.ts';

/**
 * Published liabilities snapshots (docs/solvency.md): the root of a Merkle sum tree over every
 * user's balance per coin, the coins in the order of the tree's sums, their totals, and the reserve
 * readings taken at the same time (`reserves`: per coin the summed reading, null when none).
 */
export const solvencySnapshots = pgTable('solvency_snapshots', {
  id: serialId(),
  takenAt: at('taken_at').notNull(),
  rootHash: text('root_hash').notNull(),
  coins: jsonb('coins').$type<string[]>().notNull(),
  totals: jsonb('totals').$type<string[]>().notNull(),
  reserves: jsonb('reserves').$type<Record<string, string | null>>().notNull(),
  userCount: integer('user_count').notNull(),
  /** Levels above the leaves: the root's level (only every sixth level is stored, `solvency.store.ts`). */
  height: integer('height').notNull().default(0),
  /** UTC day of a scheduled snapshot (one per day); null for one the operator took by hand. */
  day: text('day').unique(),
  /**
   * False while the tree is being stored in chunks (bounded transactions); only complete
   * snapshots are published, and a run that finds one incomplete (a kill) deletes it.
   */
  complete: boolean('complete').notNull().default(false),
  /**
   * The secret key the leaves' salts derive from (`salts.ts`), hex; never shown. Null for a
   * snapshot taken before salts were derived: its salts are stored in its leaf buckets.
   */
  saltKey: text('salt_key'),
  /**
   * The journal's checkpoint this snapshot leaves (`journal-checkpoint.ts`): every posting with an
   * id up to `journalThrough` was committed when it was taken, and `journalTotals` is what those
   * postings owe users, per coin. The next snapshot sums only the postings after it. Null when
   * none was taken (the journal's lock was not had in time, or a snapshot from before them).
   */
  journalThrough: bigint('journal_through', { mode: 'number' }),
  journalTotals: jsonb('journal_totals').$type<Record<string, string>>(),
});

/**
 * A snapshot's tree in pages of 64 consecutive nodes of a level, for every sixth level (0, the
 * leaves, 6, 12, ...; the levels between are derived from the page below, `solvency.store.ts`):
 * `nodes` is `hash,sum,...` per node joined by `;`. A row per node made the snapshot's storing
 * most of its time (about a million rows at 100,000 users). Text, not jsonb: nothing queries
 * inside a page, so the database need not parse it; stored uncompressed (migration 0035), as
 * compressing hex hashes saves little and cost more than the insert.
 */
export const solvencyNodePages = pgTable(
  'solvency_node_pages',
  {
    snapshotId: rowRef('snapshot_id', () => solvencySnapshots.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    page: integer('page').notNull(),
    nodes: text('nodes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.page] })],
);

/**
 * Whose the leaves of a snapshot are, and their salts, only ever shown to the wallet itself (code
 * 10091): wallets spread over `bucketCount(userCount)` rows by a hash of the wallet (about 64 a
 * row: a row per wallet was 100,000 rows and index entries at 100,000 users), each row's `leaves`
 * `wallet:position,...` per wallet joined by `;` (every position no wallet holds is a decoy's).
 * A snapshot without a salt key (taken before salts were derived) has `wallet:position,...:salt,...`
 * entries, its decoys (wallet '') 64 to an entry. With the leaves' sums in the level-0 pages, the tree can be rebuilt for an audit
 * (`storedLeaves`, `solvency.store.ts`).
 */
export const solvencyLeafBuckets = pgTable(
  'solvency_leaf_buckets',
  {
    snapshotId: rowRef('snapshot_id', () => solvencySnapshots.id, { onDelete: 'cascade' }),
    bucket: integer('bucket').notNull(),
    leaves: text('leaves').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.bucket] })],
);

/** Reserve addresses the operator declares per chain and coin; read on chain at each snapshot. */
export const solvencyReserves = pgTable(
  'solvency_reserves',
  {
    id: serialId(),
    chain: text('chain').notNull(),
    coin: text('coin').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('solvency_reserves_address').on(t.chain, t.coin, t.address)],
);
