/**
 * Proof of solvency at 100,000 users (issue #20): a liabilities snapshot end to end on PGlite in
 * a temporary directory (read every balance and the journal's totals, split each into 2-4 parts among decoys, build
 * the Merkle sum tree, store it in pages and chunks; the time at which each stage ends is printed) and the tree alone (split and built), each beside
 * as many plain SHA-256 hashes as the tree has nodes, of texts of the same length, computed in the
 * same run, with the memory the snapshot took. Then 200 random users' proofs (every part) are read
 * back and verified with Web Crypto: a wrong proof exits 1.
 *
 *   node bench/solvency.ts              # 100,000 users
 *   BENCH_USERS=20000 node bench/solvency.ts
 */
import { hash, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { verifyProof, webCryptoSha256 } from '../protocol/solvency.ts';
import { toUnits } from '../protocol/solvency-units.ts';
import { openDatabase } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';
import { layoutLeaves, type UserUnits } from '../server/modules/solvency/leaves.ts';
import { pagedTree } from '../server/modules/solvency/paged-tree.ts';
import { newSaltKey, saltsFrom } from '../server/modules/solvency/salts.ts';
import {
  cryptoRandomness,
  proofOf,
  sha256Hex,
  takeSnapshot,
} from '../server/modules/solvency/solvency.service.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { measured } from './lib/measured.ts';
import { formatRatio, integerFormat, writeSummary } from './lib/report.ts';

const USERS = Number(process.env.BENCH_USERS || 100_000);
/** Issue #41 item 2: the snapshot of 100,000 users on PGlite in at most 3 s. */
const GOAL_MS = 3000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** `count` plain SHA-256 hashes of `length`-character texts: the anchor. */
function plainHashes(count: number, length: number): number {
  const base = 'x'.repeat(Math.max(0, length - 12));
  const started = performance.now();
  // One-shot, as the snapshot hashes (crypto.hash): the anchor is the fastest bare hash there is.
  for (let i = 0; i < count; i += 1) hash('sha256', `${base}${i.toString().padStart(12, '0')}`, 'hex');
  return performance.now() - started;
}

// On disk in a temporary directory, as a deployment on the embedded database keeps it: in memory,
// Emscripten's file system grows each file by an eighth at a time, copying it whole, which cost
// the snapshot a quarter of its time (13.7 s against 10.1 s at 100,000 users, 2026-12-02).
const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-solvency-'));
const database = await openDatabase({ databaseUrl: null, pgliteDir: dataDir });
await database.migrate();
await seedDemo(database);
const db = database.db;

// USERS wallets with money in every user bucket, booked as one balanced journal entry (deposits
// clearing on the other side), so the snapshot's check against the journal has real postings.
process.stdout.write(`setting up ${integerFormat.format(USERS)} users with balances...\n`);
await db.execute(sql`
  insert into users (address, invite_code)
  select '0x' || lpad(to_hex(g), 40, '0'), 'B' || lpad(g::text, 7, '0') from generate_series(1, ${USERS}) g`);
await db.execute(sql`
  insert into ledger_accounts (owner, coin, bucket, kind, balance)
  select '0x' || lpad(to_hex(g), 40, '0'), c.symbol, b.bucket, 'user',
         round((random() * 10000)::numeric, least(c.precision, 8))
  from generate_series(1, ${USERS}) g
  cross join (select symbol, precision from coins where symbol in ('USDT', 'BTC', 'ETH')) c
  cross join (values ('available'), ('frozen')) b(bucket)`);
await db.execute(
  sql`insert into journal_entries (type, idempotency_key, reference) values ('deposit', 'bench:solvency', 'bench')`,
);
await db.execute(sql`
  insert into postings (entry_id, account_id, coin, amount)
  select (select id from journal_entries where idempotency_key = 'bench:solvency'), a.id, a.coin, a.balance
  from ledger_accounts a where a.kind = 'user'`);
await db.execute(sql`
  insert into ledger_accounts (owner, coin, bucket, kind, balance)
  select 'system', coin, 'deposits_clearing', 'clearing', -sum(balance) from ledger_accounts where kind = 'user' group by coin
  on conflict (owner, coin, bucket) do update set balance = ledger_accounts.balance + excluded.balance`);
await db.execute(sql`
  insert into postings (entry_id, account_id, coin, amount)
  select (select id from journal_entries where idempotency_key = 'bench:solvency'), c.id, c.coin,
         -(select sum(balance) from ledger_accounts u where u.kind = 'user' and u.coin = c.coin)
  from ledger_accounts c where c.owner = 'system' and c.bucket = 'deposits_clearing'
    and exists (select 1 from ledger_accounts u where u.kind = 'user' and u.coin = c.coin)`);

// Where the snapshot's time goes: each stage's end, from the start, on the wall clock and in CPU
// time (PGlite runs in this process: on a busy host, the CPU time is what the snapshot cost).
const stages: string[] = [];
let cpu = { user: 0, system: 0 };
const snapshot = await measured(
  () => {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const cpuMs = () => {
      cpu = process.cpuUsage(cpuStarted);
      return (cpu.user + cpu.system) / 1000;
    };
    return takeSnapshot(database, {
      at: new Date(),
      onStage: (stage) =>
        stages.push(
          `${stage} ${integerFormat.format(performance.now() - started)} ms (cpu ${integerFormat.format(cpuMs())})`,
        ),
    });
  },
  'rss',
  20,
);
const snapshotCpuMs = (cpu.user + cpu.system) / 1000;
if (!snapshot.result) throw new Error('no snapshot was taken');

// The next day's snapshot: a day's deposits later (one user in a hundred), as the daily job takes
// it. The journal is summed from the checkpoint the first one left (journal-checkpoint.ts), so
// only the day's postings are read for its check, not the whole history again.
const DAY_USERS = Math.max(1, Math.floor(USERS / 100));
await db.execute(
  sql`insert into journal_entries (type, idempotency_key, reference) values ('deposit', 'bench:solvency:day', 'bench')`,
);
await db.execute(sql`
  with paid as (
    update ledger_accounts set balance = balance + 1
    where kind = 'user' and coin = 'USDT' and bucket = 'available'
      and owner in (select '0x' || lpad(to_hex(g), 40, '0') from generate_series(1, ${DAY_USERS}) g)
    returning id)
  insert into postings (entry_id, account_id, coin, amount)
  select (select id from journal_entries where idempotency_key = 'bench:solvency:day'), id, 'USDT', 1 from paid`);
await db.execute(sql`
  with clearing as (
    update ledger_accounts set balance = balance - ${DAY_USERS}
    where owner = 'system' and coin = 'USDT' and bucket = 'deposits_clearing' returning id)
  insert into postings (entry_id, account_id, coin, amount)
  select (select id from journal_entries where idempotency_key = 'bench:solvency:day'), id, 'USDT', -${DAY_USERS}::numeric
  from clearing`);
const nextDay = await measured(() => takeSnapshot(database, { at: new Date() }), 'rss', 20);
if (!nextDay.result) throw new Error('no next-day snapshot was taken');
const coins = snapshot.result.coins.length;

// The tree alone over the same shape of balances (no database): split among decoys, then built.
const users: UserUnits[] = Array.from({ length: USERS }, (_, i) => ({
  wallet: `0x${i.toString(16).padStart(40, '0')}`,
  units: Array.from({ length: coins }, (_, c) =>
    c < 3 ? toUnits(`${randomInt(20000)}.${randomInt(1e8)}`) : 0n,
  ),
}));
const precisions = Array.from({ length: coins }, () => 8);
// As the snapshot builds it: a page at a time (`paged-tree.ts`).
let leafCount = 0;
const tree = await measured(
  () => {
    const leaves = layoutLeaves(users, precisions, cryptoRandomness, (count) =>
      saltsFrom(newSaltKey(), count),
    );
    leafCount = leaves.length;
    return pagedTree(leaves, coins, sha256Hex);
  },
  'rss',
  20,
);
// Every node of every level, those derived when a proof reads them included.
let nodes = 0;
for (let level = Math.max(1, leafCount); ; level = Math.ceil(level / 2)) {
  nodes += level;
  if (level === 1) break;
}
const sampleText = `meridian-solvency-node-v1|${'a'.repeat(64)}|${'b'.repeat(64)}|${tree.result.root.sums.join(',')}`;
const anchorMs = plainHashes(nodes, sampleText.length);

// Proofs read back and verified as a browser would.
const [{ n: stored } = { n: 0 }] = rowsOf<{ n: number }>(
  await db.execute(sql`select count(*)::int as n from users`),
);
let verified = 0;
for (let i = 0; i < 200; i += 1) {
  const wallet = `0x${(1 + randomInt(USERS)).toString(16).padStart(40, '0')}`;
  const proof = await proofOf(db, wallet, snapshot.result.id);
  const result = await verifyProof(proof, webCryptoSha256, wallet);
  if (!result.included) {
    process.stderr.write(`proof of ${wallet} did not verify: ${JSON.stringify(result)}\n`);
    process.exitCode = 1;
  } else verified += 1;
}
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const ratioEnd = snapshot.ms / anchorMs;
const ratioTree = tree.ms / anchorMs;
process.stdout.write(
  [
    `proof of solvency, ${integerFormat.format(USERS)} users x ${coins} coins (${integerFormat.format(stored)} stored), ${integerFormat.format(leafCount)} leaves (parts and decoys), ${integerFormat.format(nodes)} tree nodes`,
    '',
    `snapshot end to end (PGlite)   ${`${integerFormat.format(snapshot.ms)} ms`.padStart(10)}   peak +${mb(snapshot.peakBytes)} resident (goal <= 3,000 ms at 100,000 users)`,
    `  cpu ${integerFormat.format(snapshotCpuMs)} ms; stages done at: ${stages.join(', ')}`,
    `next day's snapshot           ${`${integerFormat.format(nextDay.ms)} ms`.padStart(10)}   after ${integerFormat.format(DAY_USERS)} deposits (the journal summed from the first one's checkpoint)`,
    `tree alone                     ${`${integerFormat.format(tree.ms)} ms`.padStart(10)}   peak +${mb(tree.peakBytes)} resident`,
    `${integerFormat.format(nodes)} plain SHA-256 hashes ${`${integerFormat.format(anchorMs)} ms`.padStart(10)}   (the anchor, texts of ${sampleText.length} characters)`,
    '',
    `snapshot / plain hashes: ${formatRatio(ratioEnd)}x; tree / plain hashes: ${formatRatio(ratioTree)}x`,
    `proofs verified with Web Crypto: ${verified} of 200`,
    '',
  ].join('\n'),
);

writeSummary([
  {
    figure: `solvency snapshot, ${integerFormat.format(USERS)} users`,
    value: snapshot.ms,
    unit: 'ms',
    anchor: anchorMs,
    anchorName: `${integerFormat.format(nodes)} SHA-256`,
    ratio: ratioEnd,
    // Issue #41: at most 3 s for 100,000 users on PGlite (a smaller run is held to the same time).
    goal: '<= 3,000 ms at 100,000 users',
    met: verified === 200 && snapshot.ms <= GOAL_MS,
    note: `peak +${mb(snapshot.peakBytes)}; next day ${integerFormat.format(nextDay.ms)} ms; tree alone ${formatRatio(ratioTree)}x; ${stages.join(', ')}`,
  },
]);
