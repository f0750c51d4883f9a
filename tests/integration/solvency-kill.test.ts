/**
 * A solvency snapshot killed while it is being stored (issue #41: daily jobs in bounded
 * transactions, resumable after a kill, idempotent): the real admin CLI, in a process of its own
 * on a shared PostgreSQL database, stores one row per transaction (JOB_CHUNK_ROWS=1) and is killed
 * with SIGKILL inside its third chunk (fault point `solvency.snapshot`). Two chunks stay written,
 * under a snapshot nobody sees: 10090 lists it not, 10091 does not find it. The next run deletes
 * it, takes the snapshot again, and every user's proof of that one verifies with Web Crypto.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../protocol/errors.ts';
import { verifyProof, webCryptoSha256 } from '../../protocol/solvency.ts';
import { rowsOf } from '../../server/db/rows.ts';
import { FAULT_AFTER_VARIABLE, FAULT_POINT_VARIABLE } from '../../server/faults.ts';
import { JOB_CHUNK_VARIABLE } from '../../server/jobs/chunk-rows.ts';
import { caller, dataOf } from '../helpers/app.ts';
import { DATABASE_TARGETS, type DatabaseTarget, urlOf } from '../helpers/databases.ts';
import { directAdmin } from '../helpers/direct-admin.ts';
import { useSeededApp } from '../helpers/seeded-app.ts';
import { ROOT, TEST_SERVER_ENV } from '../helpers/server-process.ts';
import { depositTo, fundedWallet } from '../helpers/wallets.ts';

const postgres = DATABASE_TARGETS.find((t) => t.name === 'postgres');

describe.skipIf(!postgres?.available)('a solvency snapshot killed while stored, postgres', () => {
  const env = useSeededApp(postgres as DatabaseTarget);
  const admin = directAdmin(env);

  /** How many rows snapshot `id` has stored: its pages and its leaf buckets. */
  async function storedRows(id: number): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await env.database.db.execute(sql`
        select (select count(*) from solvency_node_pages where snapshot_id = ${id})
             + (select count(*) from solvency_leaf_buckets where snapshot_id = ${id})::int as n`),
    );
    return Number(row?.n ?? 0);
  }

  const incomplete = async () =>
    rowsOf<{ id: number }>(
      await env.database.db.execute(sql`select id::int from solvency_snapshots where not complete`),
    ).map((r) => r.id);

  test('killed in its third chunk: nothing published, and the next run takes a snapshot whose proofs verify', async () => {
    const users = [];
    for (const amount of ['120.5', '7.25', '3000']) {
      const wallet = await fundedWallet(env);
      const address = wallet.address.toLowerCase();
      await depositTo(env, address, 'USDT', amount);
      users.push({ address, call: wallet.call });
    }
    // And 200 wallets that signed in once, without money: several pages and leaf buckets to store.
    await env.database.db.execute(sql`
      insert into users (address, invite_code)
      select '0xcafe' || lpad(to_hex(g), 36, '0'), 'K' || lpad(g::text, 7, '0') from generate_series(1, 200) g`);
    const published = dataOf(await caller(env.app)('10090')).snapshots.map((s) => s.id);

    const dir = mkdtempSync(path.join(tmpdir(), 'meridian-solvency-kill-'));
    try {
      const child = spawn(process.execPath, ['server/admin/cli.ts', 'solvency', 'snapshot'], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          ...TEST_SERVER_ENV,
          // No server on this DATA_DIR: the CLI opens the test's database itself.
          DATA_DIR: dir,
          DATABASE_URL: urlOf(env.database),
          [JOB_CHUNK_VARIABLE]: '1',
          [FAULT_POINT_VARIABLE]: 'solvency.snapshot',
          [FAULT_AFTER_VARIABLE]: '3',
        },
      });
      const [code, signal] = await once(child, 'exit');
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const [killed, ...others] = await incomplete();
    if (killed === undefined) throw new Error('the killed run left no snapshot row');
    expect(others).toEqual([]);
    // The two chunks before the kill are in; the third died with its transaction.
    expect(await storedRows(killed)).toBe(2);
    expect(dataOf(await caller(env.app)('10090')).snapshots.map((s) => s.id)).toEqual(published);
    const [first] = users;
    if (!first) throw new Error('no users');
    expect((await first.call('10091', { snapshotId: String(killed) })).respCode).toBe(ERRORS.not_found.code);
    // The latest snapshot a user sees is a complete one (made before these users: pending).
    expect(dataOf(await first.call('10091'))).toMatchObject({ pending: true });

    const taken = await admin('solvency', 'snapshot');
    expect(taken.ok, taken.text).toBe(true);
    expect(await incomplete()).toEqual([]);
    expect(await storedRows(killed)).toBe(0);
    const [latest] = dataOf(await caller(env.app)('10090')).snapshots;
    expect(latest?.id).toBeGreaterThan(killed);
    for (const u of users) {
      const proof = dataOf(await u.call('10091'));
      if ('pending' in proof) throw new Error(`${u.address} has no proof in the new snapshot`);
      expect(proof.snapshot.id).toBe(latest?.id);
      expect(await verifyProof(proof, webCryptoSha256, u.address)).toMatchObject({ included: true });
    }
  }, 120_000);
});
