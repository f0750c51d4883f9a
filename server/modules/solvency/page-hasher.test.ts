/**
 * The tree on two cores against the one-thread builder: the same root and pages, the worker's
 * half and this thread's meeting at any page count; a negative balance in either half refused.
 */
import { describe, expect, test } from 'vitest';
import { fromUnits } from '../../../protocol/solvency.ts';
import type { LaidLeaf } from './leaves.ts';
import { pagedTreeOnTwoCores } from './page-hasher.ts';
import { pagedTree } from './paged-tree.ts';
import { sha256Hex } from './pages.ts';

function leavesOf(count: number): LaidLeaf[] {
  return Array.from({ length: count }, (_, i) => {
    const units = [0, 1, 2].map((c) => ((i + c) % 3 === 0 ? 0n : BigInt(i * 1_000_003 + c) * 10n ** 9n + 7n));
    return {
      wallet: i % 4 === 0 ? '' : `0x${i.toString(16).padStart(40, '0')}`,
      salt: `${i}`.padStart(32, 'a'),
      balances: units.map(fromUnits),
      units,
    };
  });
}

describe('the tree on two cores', () => {
  test.each([128, 129, 191, 4096, 4097, 9000])(
    '%i leaves: the same root and pages as in one thread',
    async (count) => {
      const leaves = leavesOf(count);
      const alone = pagedTree(leaves, 3, sha256Hex);
      const two = await pagedTreeOnTwoCores(leaves, 3, 0);
      expect(two.root.hash).toBe(alone.root.hash);
      expect(two.root.sums).toEqual(alone.root.sums);
      expect(two.height).toBe(alone.height);
      expect(two.pages).toEqual(alone.pages);
    },
  );

  test('few leaves stay on one thread, with the same answer', async () => {
    const leaves = leavesOf(100);
    expect((await pagedTreeOnTwoCores(leaves, 3)).pages).toEqual(pagedTree(leaves, 3, sha256Hex).pages);
  });

  test.each([3, 300])(
    'a negative balance at leaf %i (the worker half, then this thread) is refused',
    async (at) => {
      const leaves = leavesOf(384);
      const leaf = leaves[at] as LaidLeaf;
      leaf.units = [-1n, 0n, 0n];
      leaf.balances = leaf.units.map(fromUnits);
      await expect(pagedTreeOnTwoCores(leaves, 3, 0)).rejects.toThrow(/negative/);
    },
  );
});
