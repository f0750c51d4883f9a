import { describe, expect, test } from 'vitest';
import { readPage, slicePage, windowOf } from './paging.ts';

const letters = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

/** A fake table of `letters`: records each query it answers, in order. */
function table() {
  const calls: string[] = [];
  return {
    calls,
    count: async () => {
      calls.push('count');
      return [{ n: letters.length }];
    },
    rows: async ({ limit, offset }: { limit: number; offset: number }) => {
      calls.push(`rows ${limit}@${offset}`);
      return letters.slice(offset, offset + limit);
    },
  };
}

describe('paging', () => {
  test('a page counted from 1 is a window of `size` rows', () => {
    expect(windowOf({ page: 1, size: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(windowOf({ page: 3, size: 5 })).toEqual({ limit: 5, offset: 10 });
  });

  test('readPage counts, then reads the window, then lists its rows', async () => {
    const t = table();
    const page = await readPage(
      { page: 2, size: 3 },
      {
        count: t.count,
        rows: t.rows,
        list: (rows) => {
          t.calls.push('list');
          return rows.map((r) => r.toUpperCase());
        },
      },
    );
    expect(t.calls).toEqual(['count', 'rows 3@3', 'list']);
    // The key order is the answer's bytes: clients and snapshots read it as JSON.
    expect(JSON.stringify(page)).toBe('{"list":["D","E","F"],"total":7,"page":2,"size":3}');
  });

  test('readPage: a page past the end is empty but keeps the total; no count row is 0', async () => {
    const t = table();
    expect(await readPage({ page: 4, size: 3 }, { ...t, list: (rows) => rows })).toEqual({
      list: [],
      total: 7,
      page: 4,
      size: 3,
    });
    const none = await readPage(
      { page: 1, size: 3 },
      { count: async () => [], rows: async () => [], list: async (rows: string[]) => rows },
    );
    expect(none).toEqual({ list: [], total: 0, page: 1, size: 3 });
  });

  test('readPage answers only page and size of the paging, not the rest of a filter', async () => {
    const filter = { page: 1, size: 2, status: 'staked' };
    const page = await readPage(filter, { ...table(), list: (rows) => rows });
    expect(Object.keys(page)).toEqual(['list', 'total', 'page', 'size']);
  });

  test('slicePage pages a list in memory the same way', () => {
    expect(JSON.stringify(slicePage({ page: 3, size: 3 }, letters))).toBe(
      '{"list":["g"],"total":7,"page":3,"size":3}',
    );
    expect(slicePage({ page: 1, size: 10 }, letters).list).toEqual(letters);
    expect(slicePage({ page: 9, size: 10 }, letters)).toEqual({ list: [], total: 7, page: 9, size: 10 });
  });
});
