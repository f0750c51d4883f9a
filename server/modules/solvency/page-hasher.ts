/**
 * A snapshot's tree on two cores: level 0's pages are independent of each other, so the first
 * half of them is hashed on a worker thread (`page-hasher.worker.ts`) while this thread hashes the
 * second; the levels above (1/64 of the nodes) are folded here. The same tree as `pagedTree`
 * (`page-hasher.test.ts`). Hashing and building the 362,144 leaves' texts were most of a
 * 100,000-user snapshot's tree, and PGlite, the other user of the CPU, is idle meanwhile.
 */
import { Worker } from 'node:worker_threads';
import { toUnits } from '../../../protocol/solvency.ts';
import type { LaidLeaf } from './leaves.ts';
import type { PageHasherInput, PageHasherOutput } from './page-hasher.worker.ts';
import { fromLeafPages, leafPages, type Node, type PagedTree, pagedTree, treeHeight } from './paged-tree.ts';
import { PAGE_BITS, PAGE_SIZE, parsePage, sha256Hex } from './pages.ts';

/** Below this many leaves a worker's start (tens of ms) is not worth it: one thread builds it. */
export const TWO_CORE_LEAVES = 16_384;

/** The level-0 pages `[0, pageCount)` of `leaves`, hashed on a worker thread. */
function inWorker(input: PageHasherInput): {
  result: Promise<PageHasherOutput>;
  stop: () => Promise<number>;
} {
  const worker = new Worker(new URL('./page-hasher.worker.ts', import.meta.url), { workerData: input });
  const result = new Promise<PageHasherOutput>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the page hasher exited (${code}) before answering`)));
  });
  // Handled even when this thread's half fails first and the worker is stopped unheard.
  result.catch(() => undefined);
  return { result, stop: () => worker.terminate() };
}

/** The tree over `leaves` with `coinCount` sums a node (SHA-256), on two cores from `minLeaves` on. */
export async function pagedTreeOnTwoCores(
  leaves: LaidLeaf[],
  coinCount: number,
  minLeaves = TWO_CORE_LEAVES,
): Promise<PagedTree> {
  if (leaves.length < Math.max(minLeaves, 2 * PAGE_SIZE)) return pagedTree(leaves, coinCount, sha256Hex);
  const height = treeHeight(leaves.length);
  const levels = Math.min(PAGE_BITS, height);
  const pageCount = Math.ceil(leaves.length / PAGE_SIZE);
  const split = pageCount >> 1;
  const lines: string[] = [];
  for (let i = 0; i < split * PAGE_SIZE; i += 1) {
    const leaf = leaves[i] as LaidLeaf;
    lines.push(`${leaf.salt}|${leaf.wallet}|${leaf.balances.join(',')}`);
  }
  const worker = inWorker({ lines: lines.join('\n'), coinCount, levels });
  try {
    // This thread's half while the worker does the first.
    const mine = leafPages(leaves, { fromPage: split, toPage: pageCount, levels }, coinCount, sha256Hex);
    const theirs = await worker.result;
    const tops: Node[] = parsePage(theirs.tops, coinCount).map((node) => ({
      ...node,
      units: node.sums.map(toUnits),
    }));
    return fromLeafPages(
      { pages: [...theirs.pages.split('\n'), ...mine.pages], tops: [...tops, ...mine.tops] },
      height,
      coinCount,
      sha256Hex,
    );
  } finally {
    await worker.stop();
  }
}
