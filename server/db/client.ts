/**
 * Opens the database: the embedded PGlite (files under DATA_DIR/pglite, or in memory for tests)
 * or a PostgreSQL server through node-postgres. Both give the same drizzle query builder over the
 * same schema, so the rest of the server never asks which one it has.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The query builder. It is not bound to the tables (the server builds queries from each module's
 * table objects and never uses drizzle's relational `db.query`), so this layer imports no module;
 * the list of every table is server/schema.ts, for drizzle-kit.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query builder as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Where it lives, for status output: a directory, `memory`, or the server's host/database. */
  location: string;
  migrate(): Promise<void>;
  /**
   * A session-level PostgreSQL advisory lock, held until `release` or the process ends: how one
   * process per deployment is elected for a job. PGlite is one process, so it always gets it.
   */
  tryAdvisoryLock(key: number): Promise<{ acquired: boolean; release(): Promise<void> }>;
  /**
   * PostgreSQL LISTEN: `handler` receives every payload sent to `channel` by NOTIFY, from any process
   * on the database. Resolves once listening, to the function that stops it. On PostgreSQL a
   * dedicated connection listens and is re-opened (and LISTEN repeated) if it drops.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with `payload` (under 8,000 bytes, PostgreSQL's limit). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** A LISTEN connection of its own that comes back after a drop (PostgreSQL restart, network). */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      setTimeout(() => {
        if (!stopped) void connect().catch(() => undefined);
      }, 1000);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', drop);
    next.on('end', drop);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      drop();
      throw error;
    }
  };
  try {
    await connect();
  } catch (error) {
    stopped = true; // the first connection failing is the caller's to handle, not retried
    throw error;
  }
  return async () => {
    stopped = true;
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export interface OpenOptions {
  /** A postgres:// URL, or null for PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory; null keeps it in memory (tests). */
  pgliteDir: string | null;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool }) as unknown as Db;
    const url = new URL(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      location: `${url.hostname}:${url.port || '5432'}${url.pathname}`,
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR }),
      async tryAdvisoryLock(key) {
        const client = await pool.connect();
        const result = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
        const acquired = result.rows[0]?.ok === true;
        if (!acquired) client.release();
        return {
          acquired,
          async release() {
            if (!acquired) return;
            await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
            client.release();
          },
        };
      },
      listen(channel, handler) {
        if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
        return listenOnPostgres(options.databaseUrl as string, channel, handler);
      },
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: options.pgliteDir ?? 'memory',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR }),
    tryAdvisoryLock: async () => ({ acquired: true, release: async () => {} }),
    async listen(channel, handler) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const stop = await client.listen(channel, handler);
      return () => stop();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}
