import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

type Results<T extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Reads that do not depend on each other, as `Promise.all` gives them: at once on the pool (each
 * on a connection of its own), one after another inside a transaction. A transaction is one
 * connection, and node-postgres queues the queries sent to a connection that is busy, with a
 * warning that pg@9 will refuse them.
 */
export async function readAll<T extends readonly (() => Promise<unknown>)[]>(
  db: DbOrTx,
  reads: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
