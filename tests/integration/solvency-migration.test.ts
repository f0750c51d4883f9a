/**
 * Migration 0035 (the solvency tree in pages, leaves a row per wallet) on a database that holds
 * snapshots stored the old way, a row per node and per leaf, as the code before it wrote them: a
 * tree of 300 users (levels stored, and levels derived on both sides of a stored one) and one of a
 * single user (all of it derived from one page). After the upgrade every proof (10091's answer) is
 * the same JSON, byte for byte, as the one built from the tree in memory, verifies with Web
 * Crypto, and an auditor rebuilds each tree from what is stored to its published root.
 */
import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, test } from 'vitest';
import { buildSumTree, pathOf, type SumTree, verifyProof, webCryptoSha256 } from '../../protocol/solvency.ts';
import { fromUnits, toUnits } from '../../protocol/solvency-units.ts';
import type { Db } from '../../server/db/client.ts';
import { DECOY_WALLET, layoutLeaves } from '../../server/modules/solvency/leaves.ts';
import { newSaltKey, saltsFrom } from '../../server/modules/solvency/salts.ts';
import { cryptoRandomness, proofOf } from '../../server/modules/solvency/solvency.service.ts';
import { EMPTY_HASH, sha256Hex, storedLeaves } from '../../server/modules/solvency/solvency.store.ts';
import { MIGRATIONS, migrationsBefore } from '../helpers/migrations.ts';

const PAGES = 35;
const before = migrationsBefore(PAGES);
afterAll(() => rmSync(before, { recursive: true, force: true }));

const COINS = ['BTC', 'ETH', 'USDT'];
const wallet = (i: number) => `0x${(i + 1).toString(16).padStart(40, 'a')}`;

/** A snapshot of `users` random users written as the code before 0035 wrote one. */
async function oldSnapshot(client: PGlite, users: number) {
  const balances = Array.from({ length: users }, (_, i) => ({
    wallet: wallet(i),
    units: COINS.map((_, c) => (c === i % 3 ? 0n : toUnits(`${randomInt(100_000)}.${randomInt(1e6)}`))),
  }));
  // Random salts, stored with the leaves as the code before derived salts did.
  const leaves = layoutLeaves(balances, [8, 18, 6], cryptoRandomness, (count) =>
    saltsFrom(newSaltKey(), count),
  );
  const tree = buildSumTree(leaves, COINS.length, sha256Hex);
  const root = tree.at(-1)?.[0];
  if (!root) throw new Error('no root');
  const { rows } = await client.query<{ id: number }>(
    `insert into solvency_snapshots (taken_at, root_hash, coins, totals, reserves, user_count)
     values (now(), $1, $2, $3, '{}', $4) returning id::int`,
    [root.hash, JSON.stringify(COINS), JSON.stringify(root.sums), users],
  );
  const id = rows[0]?.id;
  const nodes = tree.flatMap((level, depth) =>
    level.map((node, position) => ({ level: depth, position, hash: node.hash, sums: node.sums })),
  );
  await client.query(
    `insert into solvency_nodes (snapshot_id, level, position, hash, sums)
     select $1, r.level, r.position, r.hash, r.sums
     from jsonb_to_recordset($2::jsonb) as r(level int, position int, hash text, sums jsonb)`,
    [id, JSON.stringify(nodes)],
  );
  const owners = leaves.map((leaf, position) => ({
    wallet: leaf.wallet === DECOY_WALLET ? null : leaf.wallet,
    position,
    salt: leaf.salt,
  }));
  await client.query(
    `insert into solvency_leaves (snapshot_id, wallet, position, salt)
     select $1, r.wallet, r.position, r.salt
     from jsonb_to_recordset($2::jsonb) as r(wallet text, position int, salt text)`,
    [id, JSON.stringify(owners)],
  );
  return { id: id as number, tree, leaves, users: balances };
}

/** The parts and root 10091 answered before 0035, built from the tree in memory. */
function expectedProof(tree: SumTree, leaves: { wallet: string; salt: string }[], owner: string) {
  const level0 = tree[0] ?? [];
  const parts = leaves.flatMap((leaf, position) =>
    leaf.wallet === owner
      ? [
          {
            leaf: { wallet: owner, salt: leaf.salt, balances: level0[position]?.sums },
            path: pathOf(tree, position, EMPTY_HASH),
          },
        ]
      : [],
  );
  const root = tree.at(-1)?.[0];
  return { parts, root: { hash: root?.hash, sums: root?.sums } };
}

test('snapshots stored a row per node keep every proof, byte for byte, after 0035', async () => {
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: before });
    const big = await oldSnapshot(client, 300);
    const small = await oldSnapshot(client, 1);
    expect(big.tree.length - 1).toBeGreaterThan(6);
    expect(small.tree.length - 1).toBeLessThan(6);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    // The server's Db is the same drizzle over PGlite (server/db/client.ts casts it likewise).
    const db = drizzle({ client }) as unknown as Db;

    for (const snapshot of [big, small]) {
      const { rows } = await client.query<{ complete: boolean; height: number }>(
        'select complete, height from solvency_snapshots where id = $1',
        [snapshot.id],
      );
      expect(rows[0]).toEqual({ complete: true, height: snapshot.tree.length - 1 });
      const picked = snapshot.users.filter((_, i) => i % 15 === 0);
      for (const user of picked) {
        const proof = await proofOf(db, user.wallet, snapshot.id);
        const expected = expectedProof(snapshot.tree, snapshot.leaves, user.wallet);
        expect(JSON.stringify(proof.parts)).toBe(JSON.stringify(expected.parts));
        expect(JSON.stringify(proof.root)).toBe(JSON.stringify(expected.root));
        const summed = COINS.map((_, c) =>
          fromUnits(expected.parts.reduce((s, p) => s + toUnits(p.leaf.balances?.[c] ?? '0'), 0n)),
        );
        expect(proof.balances).toEqual(summed);
        expect(await verifyProof(proof, webCryptoSha256, user.wallet)).toMatchObject({ included: true });
      }
      const rebuilt = buildSumTree(
        await storedLeaves(db, snapshot.id, COINS.length),
        COINS.length,
        sha256Hex,
      );
      expect(rebuilt.at(-1)?.[0]?.hash).toBe(snapshot.tree.at(-1)?.[0]?.hash);
    }
  } finally {
    await client.close();
  }
}, 60_000);
