/**
 * The lists an operator curates: rows switched on and off (`enabled`) and put in order by hand
 * (`sort`), as coins and instruments are. What such a list shows is the enabled rows in that
 * order; the rule is written here once so every list of it reads the same rows the same way.
 */
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';

/** A table whose rows the operator switches and orders. */
export interface CuratedTable {
  enabled: PgColumn;
  sort: PgColumn;
}

/**
 * Narrows `query` (a select from `table`, made `$dynamic()` so it can be extended here) to the
 * enabled rows, in the operator's order. The query brings no filter or order of its own: these
 * replace them.
 */
export function enabledInOrder<Q extends PgSelect>(query: Q, table: CuratedTable): Q {
  return query.where(eq(table.enabled, true)).orderBy(asc(table.sort));
}
