/**
 * A snapshot's tree built a page at a time (docs/solvency.md, "Storage"): each page of 64 nodes of
 * a stored level (0, 6, 12, ...) is hashed, written out as its page's text and folded up six
 * levels into one node of the next stored level. The same tree as `buildSumTree` (a page starts at
 * a multiple of 64, so a level's last odd node is a page's last odd node and takes the empty
 * partner likewise), but no level is ever held whole: built whole, the 362,144 leaves' nodes of a
 * 100,000-user snapshot were kept to the end, and collecting the garbage around them cost more
 * than hashing them.
 */
import { EMPTY_TEXT, nodeText, type SumNode, sumUnits, textOfLeaf } from '../../../protocol/solvency.ts';
import { fromUnits } from '../../../protocol/solvency-units.ts';
import type { LaidLeaf } from './leaves.ts';
import { PAGE_BITS, PAGE_SIZE, pageText } from './pages.ts';

/** A node with its sums also as integers, for the level above. */
export interface Node extends SumNode {
  units: bigint[];
}

export interface PagedTree {
  root: SumNode;
  /** Levels above the leaves. */
  height: number;
  /** The stored levels' pages, as `solvency_node_pages` holds them. */
  pages: { level: number; page: number; nodes: string }[];
}

/** The node over `left` and `right`. */
function parent(left: Node, right: Node, sha256: (text: string) => string): Node {
  const { units, sums } = sumUnits(left, right);
  return { hash: sha256(nodeText(left, right, sums)), sums, units };
}

/**
 * `nodes` and the `levels` levels above them, pairing as `buildSumTree` does (a page starts at a
 * multiple of 64, so a level's last odd node is a page's last odd node and takes `empty` likewise).
 */
export function levelsAbove(
  nodes: Node[],
  levels: number,
  empty: Node,
  sha256: (text: string) => string,
): Node[][] {
  const derived = [nodes];
  for (let d = 0; d < levels; d += 1) {
    const below = derived[d] as Node[];
    const next: Node[] = [];
    for (let i = 0; i < below.length; i += 2)
      next.push(parent(below[i] as Node, below[i + 1] ?? empty, sha256));
    derived.push(next);
  }
  return derived;
}

/** The page's node `levels` up. */
const fold = (nodes: Node[], levels: number, empty: Node, sha256: (text: string) => string): Node =>
  levelsAbove(nodes, levels, empty, sha256).at(-1)?.[0] as Node;

/** Levels above `leafCount` leaves, as `buildSumTree` builds them (an empty tree has one leaf). */
function treeHeight(leafCount: number): number {
  let height = 0;
  for (let count = Math.max(1, leafCount); count > 1; count = Math.ceil(count / 2)) height += 1;
  return height;
}

export const emptyNode = (coinCount: number, sha256: (text: string) => string): Node => {
  const zeros = Array.from({ length: coinCount }, () => 0n);
  return { hash: sha256(EMPTY_TEXT), sums: zeros.map(fromUnits), units: zeros };
};

/** Level 0's pages from `fromPage` to `toPage` (excluded): their texts and their nodes `levels` up. */
interface LeafPages {
  pages: string[];
  tops: Node[];
}

/**
 * Level 0's pages `fromPage` to `toPage` (excluded) of the tree over `leaves` (their balances
 * printed from their `units` here, a page at a time): each page's leaves hashed, its text, and its
 * node `levels` up. Refuses a negative balance, as `buildSumTree` does.
 */
function leafPages(
  leaves: LaidLeaf[],
  range: { fromPage: number; toPage: number; levels: number },
  coinCount: number,
  sha256: (text: string) => string,
): LeafPages {
  const empty = emptyNode(coinCount, sha256);
  if (leaves.length === 0) return { pages: [pageText([empty])], tops: [empty] };
  const leafNode = (leaf: LaidLeaf): Node => {
    const units = leaf.units;
    if (units.length !== coinCount) throw new RangeError(`leaf ${leaf.wallet}: wrong coin count`);
    for (let c = 0; c < coinCount; c += 1)
      if ((units[c] as bigint) < 0n) throw new RangeError(`leaf ${leaf.wallet}: negative balance`);
    // Printed here, a page at a time, not kept by every leaf (`leaves.ts`).
    const sums = units.map(fromUnits);
    return { hash: sha256(textOfLeaf(leaf, sums)), sums, units };
  };
  const pages: string[] = [];
  const tops: Node[] = [];
  for (let page = range.fromPage; page < range.toPage; page += 1) {
    const nodes = leaves.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map(leafNode);
    pages.push(pageText(nodes));
    tops.push(fold(nodes, range.levels, empty, sha256));
  }
  return { pages, tops };
}

/**
 * The tree from level 0's pages (all of them, in order) on: the stored levels above, paged and
 * folded in turn, up to the root (stored when its level is a stored one, derived otherwise).
 */
function fromLeafPages(
  zero: LeafPages,
  height: number,
  coinCount: number,
  sha256: (text: string) => string,
): PagedTree {
  const empty = emptyNode(coinCount, sha256);
  const pages: PagedTree['pages'] = zero.pages.map((nodes, page) => ({ level: 0, page, nodes }));
  let nodes = zero.tops;
  for (let base = Math.min(PAGE_BITS, height); ; ) {
    if (base === height) {
      if (base > 0 && base % PAGE_BITS === 0) pages.push({ level: base, page: 0, nodes: pageText(nodes) });
      return { root: nodes[0] as Node, height, pages };
    }
    const levels = Math.min(PAGE_BITS, height - base);
    const above: Node[] = [];
    for (let start = 0; start < nodes.length; start += PAGE_SIZE) {
      const page = nodes.slice(start, start + PAGE_SIZE);
      pages.push({ level: base, page: start >> PAGE_BITS, nodes: pageText(page) });
      above.push(fold(page, levels, empty, sha256));
    }
    nodes = above;
    base += levels;
  }
}

/** The tree over `leaves` with `coinCount` sums a node, in this thread. */
export function pagedTree(
  leaves: LaidLeaf[],
  coinCount: number,
  sha256: (text: string) => string,
): PagedTree {
  const height = treeHeight(leaves.length);
  const range = {
    fromPage: 0,
    toPage: Math.ceil(leaves.length / PAGE_SIZE),
    levels: Math.min(PAGE_BITS, height),
  };
  return fromLeafPages(leafPages(leaves, range, coinCount, sha256), height, coinCount, sha256);
}
