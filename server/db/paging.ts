/**
 * Paged lists: every paged code answers `Page<T>` (protocol/envelope.ts), with `page` counted
 * from 1. The window arithmetic and the answer's shape live here once, so the pagers of the
 * modules cannot drift apart in what "page 2" or "total" means.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '../../protocol/envelope.ts';
import type { DbOrTx } from './client.ts';

/** What a paged call asks for: the page, counted from 1, and how many records a page holds. */
export interface Paging {
  page: number;
  size: number;
}

/** The rows a page covers, as a query's `limit` and `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export function windowOf(paging: Paging): PageWindow {
  return { limit: paging.size, offset: (paging.page - 1) * paging.size };
}

export interface PageQuery<Row, T> {
  /** Counts every matching record: one row `{ n }`, as `select({ n: count() })` answers. */
  count: () => PromiseLike<readonly { n: number }[]>;
  /** Reads the rows of the window, in the list's order (which must be total, or pages overlap). */
  rows: (window: PageWindow) => PromiseLike<Row[]>;
  /** The page's records from its rows; it may read more, for these rows only. */
  list: (rows: Row[]) => T[] | Promise<T[]>;
}

/** One page of a list read from the database: the count, then the window's rows. */
export async function readPage<Row, T>(paging: Paging, query: PageQuery<Row, T>): Promise<Page<T>> {
  // One query after the other: a transaction is one connection, so they would queue anyway.
  const [total] = await query.count();
  const rows = await query.rows(windowOf(paging));
  return { list: await query.list(rows), total: total?.n ?? 0, page: paging.page, size: paging.size };
}

/** One page of a list already in memory (one filtered after reading, which SQL cannot count). */
export function slicePage<T>(paging: Paging, all: readonly T[]): Page<T> {
  const { limit, offset } = windowOf(paging);
  return { list: all.slice(offset, offset + limit), total: all.length, page: paging.page, size: paging.size };
}

/**
 * One page of whole rows of one table: those matching `where`, in `order` (which must end on a
 * unique column, or pages overlap), made into records by `list`.
 */
export function readTablePage<TTable extends PgTable, T>(
  db: DbOrTx,
  paging: Paging,
  table: TTable,
  query: {
    where?: SQL | undefined;
    order: SQL[];
    list: (rows: TTable['$inferSelect'][]) => T[] | Promise<T[]>;
  },
): Promise<Page<T>> {
  return readPage(paging, {
    count: () =>
      db
        .select({ n: count() })
        .from(table as PgTable)
        .where(query.where),
    rows: ({ limit, offset }) =>
      // The generic table's row type is what `select()` reads; drizzle cannot infer it through TTable.
      db
        .select()
        .from(table as PgTable)
        .where(query.where)
        .orderBy(...query.order)
        .limit(limit)
        .offset(offset) as unknown as PromiseLike<TTable['$inferSelect'][]>,
    list: query.list,
  });
}
