import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, test } from 'vitest';
import { enabledInOrder } from './enabled.ts';

const things = pgTable('things', {
  name: text('name').primaryKey(),
  sort: integer('sort').notNull(),
  enabled: boolean('enabled').notNull(),
});

describe('enabledInOrder', () => {
  test('reads the enabled rows, in the sort order, with the columns asked for', () => {
    const db = drizzle.mock();
    const query = enabledInOrder(db.select({ name: things.name }).from(things).$dynamic(), things).toSQL();
    expect(query.sql).toBe(
      'select "name" from "things" where "things"."enabled" = $1 order by "things"."sort" asc',
    );
    expect(query.params).toEqual([true]);
  });
});
