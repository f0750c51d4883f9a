import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, openDatabase } from '../server/db/client.ts';
import * as schema from '../server/schema.ts';
import { type LedgerResult, measureLedger, prepareLedger } from './ledger-load.ts';
import { onCleanup, pgbenchInit, pgbenchRun } from './ledger-processes.ts';
import { CONNECT_TIMEOUT_MS, databaseUrl, hostOf, LEVELS, log, type Settings } from './ledger-settings.ts';
import { adminQuery as postgresAdmin } from './lib/postgres-admin.ts';

// ---------------------------------------------------------------------------------------------
// The PostgreSQL part

export interface PostgresResult extends LedgerResult {
  /** pgbench's tps per level and round (`${clients}:${round}`). */
  tps: Map<string, number>;
  server: string;
}

type Reachability = { ok: true; server: string } | { ok: false; reason: string };

export async function reach(adminUrl: string): Promise<Reachability> {
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

const adminQuery = (adminUrl: string, text: string) => postgresAdmin(adminUrl, text, CONNECT_TIMEOUT_MS);

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

export async function measurePostgres(settings: Settings, server: string): Promise<PostgresResult> {
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

export async function measurePglite(settings: Settings): Promise<LedgerResult> {
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
