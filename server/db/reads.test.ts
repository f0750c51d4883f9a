import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, test } from 'vitest';
import { readAll } from './reads.ts';

const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

/** Three reads that note when each starts and ends, and what each answered. */
function noted(on: Pick<typeof db, 'execute'>) {
  const events: string[] = [];
  const read = (n: number) => async () => {
    events.push(`start ${n}`);
    const result = await on.execute(sql`select ${n}::int as n`);
    events.push(`end ${n}`);
    return (result.rows[0] as { n: number }).n;
  };
  return { events, reads: [read(1), read(2), read(3)] as const };
}

describe('readAll', () => {
  test('on the database the reads start at once, and each answer is in its place', async () => {
    const { events, reads } = noted(db);
    expect(await readAll(db, reads)).toEqual([1, 2, 3]);
    expect(events.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);
  });

  test('inside a transaction each read waits for the one before it', async () => {
    const { events, answers } = await db.transaction(async (tx) => {
      const { events, reads } = noted(tx);
      return { events, answers: await readAll(tx, reads) };
    });
    expect(answers).toEqual([1, 2, 3]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
