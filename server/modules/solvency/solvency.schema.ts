import { index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
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
  /** UTC day of a scheduled snapshot (one per day); null for one the operator took by hand. */
  day: text('day').unique(),
});

/** Every node of a snapshot's tree: level 0 are the leaves, the last level the root. */
export const solvencyNodes = pgTable(
  'solvency_nodes',
  {
    snapshotId: rowRef('snapshot_id', () => solvencySnapshots.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    sums: jsonb('sums').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.position] })],
);

/**
 * Every leaf of a snapshot's tree: whose it is and its salt, only ever shown to the wallet itself
 * (code 10091). A wallet has several (its balances split in parts, `leaves.ts`); a decoy has no
 * wallet. With the leaves' sums in `solvency_nodes`, the tree can be rebuilt for an audit.
 */
export const solvencyLeaves = pgTable(
  'solvency_leaves',
  {
    snapshotId: rowRef('snapshot_id', () => solvencySnapshots.id, { onDelete: 'cascade' }),
    /** Null for a decoy. */
    wallet: text('wallet'),
    position: integer('position').notNull(),
    salt: text('salt').notNull(),
  },
  (t) => [
    index('solvency_leaves_owner').on(t.snapshotId, t.wallet),
    uniqueIndex('solvency_leaves_position').on(t.snapshotId, t.position),
  ],
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
