/**
 * The page hasher's worker thread (`page-hasher.ts`): level 0's pages of the leaves it is given,
 * as leaf lines (`salt|wallet|balance,...`), hashed and folded as the main thread does its own
 * (`leafPages`), and sent back as text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toUnits } from '../../../protocol/solvency.ts';
import type { LaidLeaf } from './leaves.ts';
import { leafPages } from './paged-tree.ts';
import { PAGE_SIZE, pageText, sha256Hex } from './pages.ts';

export interface PageHasherInput {
  lines: string;
  coinCount: number;
  levels: number;
}

export interface PageHasherOutput {
  /** The pages' texts, joined by newlines (a page's text has none). */
  pages: string;
  /** Each page's node `levels` up, as one page's text. */
  tops: string;
}

const { lines, coinCount, levels } = workerData as PageHasherInput;
const leaves: LaidLeaf[] = lines.split('\n').map((line) => {
  const wallet = line.indexOf('|');
  const amounts = line.indexOf('|', wallet + 1);
  const balances = line.slice(amounts + 1).split(',');
  return {
    salt: line.slice(0, wallet),
    wallet: line.slice(wallet + 1, amounts),
    balances,
    units: balances.map(toUnits),
  };
});
const { pages, tops } = leafPages(
  leaves,
  { fromPage: 0, toPage: Math.ceil(leaves.length / PAGE_SIZE), levels },
  coinCount,
  sha256Hex,
);
parentPort?.postMessage({ pages: pages.join('\n'), tops: pageText(tops) } satisfies PageHasherOutput);
