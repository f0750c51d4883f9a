/**
 * A big-book database on PostgreSQL: created fresh, migrated with the project's migrations, seeded
 * with the demo configuration (as a new installation is), filled (./big-book-fill.ts), and
 * dropped afterwards. Used by bench/big-book.ts and its small-form test.
 */
import pg from 'pg';
import { type Database, openDatabase } from '../server/db/client.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { type FillResult, fillBook } from './big-book-fill.ts';
import { adminQuery } from './lib/postgres-admin.ts';

/** Minutes in a year: the candles of the full-size book. */
export const YEAR_MINUTES = 525_600;
export const FULL_USERS = 100_000;

/** A year of minute candles at full size, scaled down with the users in smaller forms. */
export const candleMinutesFor = (users: number): number =>
  Math.max(60, Math.round((YEAR_MINUTES * Math.min(users, FULL_USERS)) / FULL_USERS));

export interface Book {
  database: Database;
  url: string;
  fill: FillResult;
  dispose(): Promise<void>;
}

export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

export async function createBook(options: {
  adminUrl: string;
  name: string;
  users: number;
  deepAddress: string;
  youngAddress: string;
  log: (line: string) => void;
}): Promise<Book> {
  const url = new URL(options.adminUrl);
  url.pathname = `/${options.name}`;
  await adminQuery(options.adminUrl, `create database ${options.name}`);
  const drop = () => dropDatabase(options.adminUrl, options.name);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
    await database.migrate();
    await seedDemo(database);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let fill: FillResult;
    try {
      fill = await fillBook(client, {
        users: options.users,
        candleMinutes: candleMinutesFor(options.users),
        deepAddress: options.deepAddress,
        youngAddress: options.youngAddress,
        log: options.log,
      });
    } finally {
      await client.end();
    }
    const opened = database;
    return {
      database: opened,
      url: url.toString(),
      fill,
      async dispose() {
        await opened.close();
        await drop();
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    await drop().catch(() => {});
    throw error;
  }
}
