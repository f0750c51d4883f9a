/**
 * Benchmark: balance-changing operations per second through the ledger (`postEntry`), compared
 * with pgbench's built-in TPC-B-like transaction on the same PostgreSQL server in the same run.
 *
 * PostgreSQL (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, used as the
 * admin connection): two fresh databases, `meridian_bench_<random>` for the ledger (migrated,
 * seeded with the demo configuration, BENCH_USERS users with a deposit each) and
 * `meridian_bench_<random>_pgbench` (`pgbench -i -s 1`). For 1, 8 and 32 concurrent clients,
 * BENCH_ROUNDS paired rounds of a ledger run and a pgbench run, each for BENCH_SECONDS, the order
 * swapped every round; a level's ratio is the median of its rounds' ratios. Each ledger client loops: pick two
 * random users, post a transfer a -> b, then b -> a, so no balance runs out; every entry is one
 * transaction of its own, like every balance change the product makes.
 *
 * PGlite (in memory, same process): the same ledger loop with 1, 8 and 32 concurrent async
 * clients. PGlite runs one transaction at a time, so this shows the embedded database's ceiling.
 *
 * Both bench databases are dropped at the end, also on error or Ctrl-C. Both ledgers must pass
 * `auditLedger`, and hold exactly the entries the bench counted.
 *
 *   node bench/ledger.ts
 *   BENCH_SECONDS=2 node bench/ledger.ts
 *
 * Exit code 0 when every entry posted and both audits are ok (or PostgreSQL is not reachable and
 * the PGlite part passed: a note says so), 1 otherwise, and 1 when PostgreSQL is not reachable
 * under CI=true.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { envInteger } from '../server/config.ts';
import { type Database, type Db, openDatabase } from '../server/db/client.ts';
import { type AuditReport, auditLedger } from '../server/ledger/audit.ts';
import { credit, postEntry, transfer, userAccount } from '../server/ledger/ledger.ts';
import * as schema from '../server/schema.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { type Figure, median, writeSummary } from './lib/report.ts';

const LEVELS = [1, 8, 32] as const;
const COIN = 'USDT';
/** Each user's deposit; a transfer moves TRANSFER_AMOUNT, so no balance can run out. */
const DEPOSIT_AMOUNT = '1000000';
const TRANSFER_AMOUNT = '1';
/** Concurrent deposits while the users are funded (the openDatabase pool holds 10). */
const FUNDING_WORKERS = 10;
const CONNECT_TIMEOUT_MS = 5_000;

interface Settings {
  seconds: number;
  /** Paired rounds per level on PostgreSQL (the ledger and pgbench back to back). */
  rounds: number;
  warmupSeconds: number;
  users: number;
  adminUrl: string;
  pgbench: string;
}

function readSettings(): Settings {
  return {
    seconds: envInteger(process.env, 'BENCH_SECONDS', 5, 1, 3600),
    rounds: envInteger(process.env, 'BENCH_ROUNDS', 3, 1, 100),
    warmupSeconds: envInteger(process.env, 'BENCH_WARMUP_SECONDS', 1, 0, 600),
    users: envInteger(process.env, 'BENCH_USERS', 1000, 2, 1_000_000),
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    pgbench: process.env.PGBENCH || 'pgbench',
  };
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** host:port of a URL, never its password. */
const hostOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
};

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Cleanup that also runs on Ctrl-C / SIGTERM: close pools, stop pgbench, drop the databases.

const cleanups = new Set<() => Promise<void>>();
let activeChild: ChildProcess | undefined;

/** Registers a cleanup step that runs at most once, whoever calls it first. */
function onCleanup(step: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const once = (): Promise<void> => {
    running ??= step()
      .catch((error: unknown) => log(`cleanup: ${(error as Error).message}`))
      .finally(() => cleanups.delete(once));
    return running;
  };
  cleanups.add(once);
  return once;
}

async function cleanupAll(): Promise<void> {
  // In registration order: pools close before the databases they use are dropped.
  for (const step of [...cleanups]) await step();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    activeChild?.kill('SIGTERM');
    void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------------------------
// The ledger load

const wallet = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;

interface LedgerRun {
  clients: number;
  /** 1-based: each level runs `rounds` times on PostgreSQL, once on PGlite. */
  round: number;
  ops: number;
  seconds: number;
  errors: number;
  firstError: string | undefined;
}

const opsPerSecond = (run: LedgerRun): number => run.ops / run.seconds;

/** Gives every user a deposit, FUNDING_WORKERS at a time. */
async function fundUsers(db: Db, users: number, runId: string): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < users) {
      const n = next++;
      await postEntry(db, {
        type: 'deposit',
        idempotencyKey: `bench:${runId}:deposit:${n}`,
        reference: 'bench:ledger',
        postings: credit(wallet(n), 'deposits_clearing', COIN, DEPOSIT_AMOUNT),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(FUNDING_WORKERS, users) }, worker));
}

/**
 * `clients` loops, each posting transfers between two random users (a -> b, then b -> a) until
 * `seconds` have passed. Entries that started before the deadline count; the rate is over the
 * time until the last one finished.
 */
async function ledgerLoad(
  db: Db,
  users: number,
  clients: number,
  seconds: number,
  tag: string,
  round = 0,
): Promise<LedgerRun> {
  let ops = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async (index: number): Promise<void> => {
    let seq = 0;
    const once = async (from: number, to: number): Promise<void> => {
      try {
        await postEntry(db, {
          type: 'system_adjustment',
          idempotencyKey: `bench:${tag}:${index}:${seq++}`,
          reference: 'bench:ledger',
          postings: transfer(userAccount(wallet(from)), userAccount(wallet(to)), COIN, TRANSFER_AMOUNT),
        });
        ops += 1;
      } catch (error) {
        errors += 1;
        firstError ??= (error as Error).message;
      }
    };
    while (performance.now() < deadline) {
      const a = Math.floor(Math.random() * users);
      const b = (a + 1 + Math.floor(Math.random() * (users - 1))) % users;
      await once(a, b);
      if (performance.now() >= deadline) break;
      await once(b, a);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return { clients, round, ops, seconds: (performance.now() - started) / 1000, errors, firstError };
}

interface LedgerResult {
  /** Measured runs, one per level and round. */
  runs: LedgerRun[];
  audit: AuditReport;
  failures: string[];
}

/** Warm-up and measured levels on a funded ledger, then the audit and the entry count check. */
async function measureLedger(
  name: string,
  loadDb: Db,
  auditDb: Db,
  settings: Settings,
  runId: string,
  anchor?: { rounds: number; run: (clients: number, round: number) => Promise<void> },
): Promise<LedgerResult> {
  const baseline = await auditLedger(auditDb);
  const failures: string[] = [];
  let counted = 0;
  const check = (run: LedgerRun, phase: string): void => {
    counted += run.ops;
    if (run.errors > 0) {
      failures.push(
        `${name} ${phase} at ${run.clients} clients: ${run.errors} entries failed (first: ${run.firstError})`,
      );
    }
    if (run.ops === 0) failures.push(`${name} ${phase} at ${run.clients} clients: no entry posted`);
  };
  const top = Math.max(...LEVELS);
  if (settings.warmupSeconds > 0) {
    log(`${name}: warming up the ledger, ${top} clients for ${settings.warmupSeconds} s`);
    check(
      await ledgerLoad(loadDb, settings.users, top, settings.warmupSeconds, `${runId}:warm-up`),
      'warm-up',
    );
  }
  const runs: LedgerRun[] = [];
  // With an anchor, each level runs in paired rounds, the ledger and the anchor back to back, the
  // order swapped every round: a single pair depended on what ran just before it (a checkpoint, the
  // previous benchmark of `npm run bench`), and each round's ratio compares runs seconds apart.
  for (const clients of LEVELS) {
    for (let round = 1; round <= (anchor?.rounds ?? 1); round += 1) {
      const anchorFirst = anchor !== undefined && round % 2 === 0;
      if (anchorFirst) await anchor.run(clients, round);
      log(`${name}: ledger, ${clients} clients for ${settings.seconds} s (round ${round})`);
      const tag = `${runId}:${clients}:${round}`;
      const run = await ledgerLoad(loadDb, settings.users, clients, settings.seconds, tag, round);
      check(run, 'run');
      runs.push(run);
      log(`${name}: ledger, ${clients} clients: ${integerFormat.format(opsPerSecond(run))} entries/s`);
      if (anchor && !anchorFirst) await anchor.run(clients, round);
    }
  }
  const audit = await auditLedger(auditDb);
  if (!audit.ok) failures.push(`${name} audit failed: ${JSON.stringify(audit)}`);
  if (audit.entries - baseline.entries !== counted) {
    failures.push(
      `${name}: the journal holds ${audit.entries - baseline.entries} new entries, the bench counted ${counted}`,
    );
  }
  return { runs, audit, failures };
}

async function prepareLedger(database: Database, settings: Settings, runId: string): Promise<void> {
  await database.migrate();
  await seedDemo(database);
  const started = performance.now();
  await fundUsers(database.db, settings.users, runId);
  log(
    `${database.kind}: ${settings.users} users funded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// pgbench

interface Output {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<Output> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    activeChild = child;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (error) => {
      activeChild = undefined;
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${command} not found: install the PostgreSQL client tools or set PGBENCH`)
          : error,
      );
    });
    child.once('close', (code, signal) => {
      activeChild = undefined;
      resolve({ code, signal, stdout, stderr });
    });
  });
}

function failed(what: string, output: Output): Error {
  const status = output.signal ?? `exit code ${output.code}`;
  const text = `${output.stdout}${output.stderr}`.trim().split('\n').slice(-15).join('\n');
  return new Error(`${what} failed (${status}):\n${text}`);
}

/**
 * The "tps" pgbench reports without connection set-up: `tps = 1234.5 (without initial connection
 * time)` since PostgreSQL 14, `tps = 1234.5 (excluding connections establishing)` before.
 */
function parseTps(output: string): number | undefined {
  const match =
    /^tps = ([0-9.]+) \((?:without initial connection time|excluding connections establishing)\)/m.exec(
      output,
    );
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

async function pgbenchInit(settings: Settings, url: string): Promise<void> {
  log('pgbench: initializing, scale 1');
  const output = await run(settings.pgbench, ['-i', '-s', '1', url]);
  if (output.code !== 0) throw failed('pgbench -i', output);
}

async function pgbenchRun(settings: Settings, url: string, clients: number): Promise<number> {
  log(`pgbench: ${clients} clients for ${settings.seconds} s`);
  const args = ['-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(settings.seconds)];
  const output = await run(settings.pgbench, [...args, '-n', url]);
  if (output.code !== 0) throw failed(`pgbench -c ${clients}`, output);
  const tps = parseTps(output.stdout);
  if (tps === undefined || !Number.isFinite(tps))
    throw failed(`reading tps from pgbench -c ${clients}`, output);
  log(`pgbench: ${clients} clients: ${integerFormat.format(tps)} tps`);
  return tps;
}

// ---------------------------------------------------------------------------------------------
// The PostgreSQL part

interface PostgresResult extends LedgerResult {
  /** pgbench's tps per level and round (`${clients}:${round}`). */
  tps: Map<string, number>;
  server: string;
}

type Reachability = { ok: true; server: string } | { ok: false; reason: string };

async function reach(adminUrl: string): Promise<Reachability> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  admin.on('error', () => {});
  try {
    await admin.connect();
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    return { ok: true, server: rows[0]?.server_version ?? 'unknown' };
  } catch (error) {
    return { ok: false, reason: (error as Error).message || String(error) };
  } finally {
    await admin.end().catch(() => {});
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end().catch(() => {});
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<() => Promise<void>> {
  const drop = onCleanup(async () => {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    log(`postgres: dropped ${name}`);
  });
  await adminQuery(adminUrl, `create database ${name}`);
  return drop;
}

/** A pool of `size` connections, built the way openDatabase builds its pool of 10. */
function openPool(url: string, size: number): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: size });
  pool.on('error', () => {});
  return { db: drizzlePg({ client: pool, schema }) as unknown as Db, pool };
}

/** Opens all `size` connections now, so that connection set-up is not measured (as pgbench). */
async function connectAll(pool: pg.Pool, size: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  for (const client of clients) client.release();
}

async function measurePostgres(settings: Settings, server: string): Promise<PostgresResult> {
  const runId = randomBytes(6).toString('hex');
  const ledgerName = `meridian_bench_${runId}`;
  const pgbenchName = `meridian_bench_${runId}_pgbench`;
  const ledgerUrl = databaseUrl(settings.adminUrl, ledgerName);
  const pgbenchUrl = databaseUrl(settings.adminUrl, pgbenchName);
  const drops: (() => Promise<void>)[] = [];
  const closes: (() => Promise<void>)[] = [];
  try {
    drops.push(await createDatabase(settings.adminUrl, ledgerName));
    drops.push(await createDatabase(settings.adminUrl, pgbenchName));
    log(`postgres: created ${ledgerName} and ${pgbenchName} on ${hostOf(settings.adminUrl)}`);

    const database = await openDatabase({ databaseUrl: ledgerUrl, pgliteDir: null });
    closes.push(onCleanup(() => database.close()));
    await prepareLedger(database, settings, runId);

    // openDatabase's pool holds 10 connections; the 32-client level needs 32.
    const size = Math.max(...LEVELS);
    const bench = openPool(ledgerUrl, size);
    closes.push(onCleanup(() => bench.pool.end()));
    await connectAll(bench.pool, size);

    await pgbenchInit(settings, pgbenchUrl);

    const tps = new Map<string, number>();
    const result = await measureLedger('postgres', bench.db, database.db, settings, runId, {
      rounds: settings.rounds,
      run: async (clients, round) => {
        tps.set(`${clients}:${round}`, await pgbenchRun(settings, pgbenchUrl, clients));
      },
    });
    return { ...result, tps, server };
  } finally {
    for (const close of closes) await close();
    for (const drop of drops) await drop();
  }
}

// ---------------------------------------------------------------------------------------------
// The PGlite part

async function measurePglite(settings: Settings): Promise<LedgerResult> {
  const runId = randomBytes(6).toString('hex');
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  const close = onCleanup(() => database.close());
  try {
    await prepareLedger(database, settings, runId);
    return await measureLedger('pglite', database.db, database.db, settings, runId);
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padStart(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function auditLine(name: string, audit: AuditReport): string {
  return (
    `audit ${name}: ${audit.ok ? 'ok' : 'FAILED'}, ${integerFormat.format(audit.entries)} entries, ` +
    `${integerFormat.format(audit.accounts)} accounts, ${audit.mismatchedAccounts} mismatched, ` +
    `${audit.negativeBalances} negative`
  );
}

/** One level on PostgreSQL: each round's ratio, their median, and the medians of either side. */
function pairedLevel(
  postgres: PostgresResult,
  clients: number,
): { perRound: number[]; ratio: number; ledger: number; tps: number } | undefined {
  const pairs = postgres.runs.flatMap((run) => {
    const tps = run.clients === clients ? postgres.tps.get(`${clients}:${run.round}`) : undefined;
    return tps === undefined ? [] : [{ ledger: opsPerSecond(run), tps }];
  });
  if (pairs.length === 0) return undefined;
  const perRound = pairs.map((pair) => pair.ledger / pair.tps);
  return {
    perRound,
    ratio: median(perRound),
    ledger: median(pairs.map((pair) => pair.ledger)),
    tps: median(pairs.map((pair) => pair.tps)),
  };
}

function report(
  settings: Settings,
  postgres: PostgresResult | undefined,
  postgresMissing: string | undefined,
  pglite: LedgerResult,
  failures: readonly string[],
): string {
  const where = postgres
    ? `PostgreSQL ${postgres.server} at ${hostOf(settings.adminUrl)}`
    : 'PostgreSQL not reachable';
  const lines = [
    `ledger throughput: ${settings.seconds} s per level and round (${settings.rounds} paired rounds on ` +
      `PostgreSQL) after a ${settings.warmupSeconds} s warm-up, ` +
      `${integerFormat.format(settings.users)} users, transfers of ${TRANSFER_AMOUNT} ${COIN}, ${where}; ` +
      'pgbench TPC-B-like, scale 1, same server',
    '',
  ];
  const rows = [['clients', 'ledger ops/s (PG)', 'pgbench tps', 'ratio', 'ledger ops/s (PGlite)']];
  const ratios: string[] = [];
  for (const clients of LEVELS) {
    const pair = postgres ? pairedLevel(postgres, clients) : undefined;
    const lite = pglite.runs.find((r) => r.clients === clients);
    const ratio = pair ? pair.ratio.toFixed(2) : 'n/a';
    rows.push([
      String(clients),
      pair ? integerFormat.format(pair.ledger) : 'n/a',
      pair ? integerFormat.format(pair.tps) : 'n/a',
      ratio,
      lite ? integerFormat.format(opsPerSecond(lite)) : 'n/a',
    ]);
    ratios.push(
      `ledger/pgbench at ${clients} clients: ${ratio}` +
        (pair ? ` (median of ${pair.perRound.map((r) => r.toFixed(2)).join(', ')})` : ''),
    );
  }
  lines.push(table(rows), '', ...ratios, '');
  if (postgres) lines.push(auditLine('PostgreSQL', postgres.audit));
  lines.push(auditLine('PGlite', pglite.audit));
  if (postgresMissing) {
    lines.push(
      `note: PostgreSQL not reachable at ${hostOf(settings.adminUrl)} (${postgresMissing}): ` +
        'only PGlite was measured (set BENCH_DATABASE_URL to point at a server)',
    );
  }
  if (failures.length === 0) {
    lines.push(
      `every entry posted and ${postgres ? 'both ledgers audit' : 'the PGlite ledger audits'} clean`,
    );
  } else lines.push('FAILED:', ...failures.map((failure) => `  ${failure}`));
  return `${lines.join('\n')}\n`;
}

/** Issue #19's goal: ledger entries at 0.8x or more of pgbench's TPC-B transactions at 8 clients. */
const GOAL_CLIENTS = 8;
const GOAL_RATIO = 0.8;

function figures(postgres: PostgresResult | undefined): Figure[] {
  const pair = postgres ? pairedLevel(postgres, GOAL_CLIENTS) : undefined;
  if (!pair) return [];
  return [
    {
      figure: `ledger entries/s, PostgreSQL, ${GOAL_CLIENTS} clients`,
      value: pair.ledger,
      unit: 'entries/s',
      anchor: pair.tps,
      anchorName: 'pgbench TPC-B tps',
      ratio: pair.ratio,
      goal: `ratio >= ${GOAL_RATIO}`,
      met: pair.ratio >= GOAL_RATIO,
      note: `median of ${pair.perRound.length} paired rounds`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const settings = readSettings();
  const reachable = await reach(settings.adminUrl);
  let postgres: PostgresResult | undefined;
  let postgresMissing: string | undefined;
  if (reachable.ok) {
    // Before any database is created: without pgbench there is no anchor and no ratio.
    const version = await run(settings.pgbench, ['--version']);
    if (version.code !== 0) throw failed(`${settings.pgbench} --version`, version);
    postgres = await measurePostgres(settings, reachable.server);
  } else {
    const message = `PostgreSQL not reachable at ${hostOf(settings.adminUrl)}: ${reachable.reason}`;
    if (process.env.CI === 'true') {
      log(`${message}; CI=true, so the ledger benchmark fails`);
      return 1;
    }
    log(`${message}; measuring PGlite only (set BENCH_DATABASE_URL to point at a server)`);
    postgresMissing = reachable.reason;
  }
  const pglite = await measurePglite(settings);
  const failures = [...(postgres?.failures ?? []), ...pglite.failures];
  process.stdout.write(report(settings, postgres, postgresMissing, pglite, failures));
  writeSummary(figures(postgres));
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  async (error: unknown) => {
    process.stderr.write(`benchmark failed: ${(error as Error).message}\n`);
    await cleanupAll();
    process.exitCode = 1;
  },
);
