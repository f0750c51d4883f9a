/**
 * The databases integration tests run against: always the embedded PGlite (in memory), and a
 * fresh PostgreSQL database when a server is reachable (TEST_DATABASE_URL, else 127.0.0.1:5432
 * as user postgres). Each PostgreSQL test database is created for the test file and dropped
 * afterwards. Where no server answers, PostgreSQL tests are skipped and say so, except under
 * CI=true, where a missing server is a failure.
 */
import net from 'node:net';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { settings } from '../../server/modules/config/config.schema.ts';
import { ADDRESS_DELAY_SETTING } from '../../server/modules/withdraw/address-book.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const postgresAvailable = await reachable(ADMIN_URL);

if (!postgresAvailable) {
  if (process.env.CI === 'true') {
    throw new Error(
      `CI=true but PostgreSQL is not reachable at ${new URL(ADMIN_URL).host}: PostgreSQL tests must run in CI`,
    );
  }
  process.stderr.write(
    `PostgreSQL not reachable at ${new URL(ADMIN_URL).host}: PostgreSQL integration tests are SKIPPED (set TEST_DATABASE_URL to run them)\n`,
  );
}

/**
 * Settings every test database starts with: no cooling-off for a newly saved withdrawal address
 * (tests/helpers/signed-withdrawal.ts saves the address, then withdraws at once). The address
 * book's own tests set the delay back with `admin config address-delay`.
 */
async function testDefaults(database: Database): Promise<void> {
  await database.db.insert(settings).values({ key: ADDRESS_DELAY_SETTING, value: 0 }).onConflictDoNothing();
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  available: boolean;
  /**
   * A fresh, migrated database and the function that disposes of it; on PostgreSQL its URL too,
   * for server processes that share it.
   */
  create(): Promise<{ database: Database; dispose(): Promise<void>; url?: string }>;
}

async function createPostgres() {
  const name = `meridian_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  await database.migrate();
  await testDefaults(database);
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function createPglite() {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  await testDefaults(database);
  return { database, dispose: () => database.close() };
}

export const DATABASE_TARGETS: readonly DatabaseTarget[] = [
  { name: 'pglite', available: true, create: createPglite },
  { name: 'postgres', available: postgresAvailable, create: createPostgres },
];

/** The URL of the PostgreSQL test database `database` is open on, for another process or pool. */
export function urlOf(database: Database): string {
  const url = new URL(ADMIN_URL);
  url.pathname = database.location.slice(database.location.indexOf('/'));
  return url.toString();
}

/**
 * A second connection pool to the same PostgreSQL database, as a second server process holds
 * one: `use` runs with it, and it is closed afterwards (also when `use` fails).
 */
export async function withSecondConnection<T>(
  database: Database,
  use: (second: Database) => Promise<T>,
): Promise<T> {
  const second = await openDatabase({ databaseUrl: urlOf(database), pgliteDir: null });
  try {
    return await use(second);
  } finally {
    await second.close();
  }
}
