/**
 * The page-wise builder against the protocol's `buildSumTree`: the same root and, for every stored
 * level, the same pages, over leaf counts around the page and level boundaries (64, 4,096) and
 * random ones, zeros and dust included.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildSumTree } from '../../../protocol/solvency.ts';
import { fromUnits } from '../../../protocol/solvency-units.ts';
import type { LaidLeaf } from './leaves.ts';
import { pagedTree } from './paged-tree.ts';
import { isStoredLevel, PAGE_SIZE, pageText, sha256Hex } from './pages.ts';

function leavesOf(count: number, seed: number): LaidLeaf[] {
  return Array.from({ length: count }, (_, i) => {
    // Zeros often (coins a user does not hold, decoys), amounts of every size otherwise.
    const units = [0, 1].map((c) => {
      const draw = (seed * 7919 + i * 104_729 + c * 31) % 5;
      return draw < 2 ? 0n : BigInt(draw) ** BigInt((i + c + seed) % 40) + BigInt(i);
    });
    return { wallet: draw(i, seed), salt: `s${i}`, balances: units.map(fromUnits), units };
  });
}
const draw = (i: number, seed: number) => (i % 3 === 0 ? '' : `0x${(i * 31 + seed).toString(16)}`);

function expected(leaves: LaidLeaf[]) {
  const tree = buildSumTree(leaves, 2, sha256Hex);
  const pages = tree.flatMap((nodes, level) =>
    isStoredLevel(level)
      ? Array.from({ length: Math.ceil(nodes.length / PAGE_SIZE) }, (_, page) => ({
          level,
          page,
          nodes: pageText(nodes.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)),
        }))
      : [],
  );
  return { root: tree.at(-1)?.[0], height: tree.length - 1, pages };
}

describe('the tree built a page at a time', () => {
  test.each([0, 1, 2, 3, 63, 64, 65, 127, 128, 129, 4095, 4096, 4097, 8193])(
    '%i leaves: the same root and pages as buildSumTree',
    (count) => {
      const leaves = leavesOf(count, count);
      const built = pagedTree(leaves, 2, sha256Hex);
      const want = expected(leaves);
      expect({ root: { hash: built.root.hash, sums: built.root.sums }, height: built.height }).toEqual({
        root: want.root,
        height: want.height,
      });
      expect(built.pages).toEqual(want.pages);
    },
  );

  test('property: any leaf count gives the same root and pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 1000 }), (count, seed) => {
        const leaves = leavesOf(count, seed);
        const built = pagedTree(leaves, 2, sha256Hex);
        const want = expected(leaves);
        expect(built.root.hash).toBe(want.root?.hash);
        expect(built.pages).toEqual(want.pages);
      }),
      { numRuns: 40 },
    );
  });

  test('a negative balance is refused', () => {
    const leaves = leavesOf(5, 1);
    (leaves[3] as LaidLeaf).units = [-1n, 0n];
    expect(() => pagedTree(leaves, 2, sha256Hex)).toThrow(/negative/);
  });
});
