/**
 * A snapshot's tree built a page at a time (docs/solvency.md, "Storage"): each page of 64 nodes of
 * a stored level (0, 6, 12, ...) is hashed, written out as its page's text and folded up six
 * levels into one node of the next stored level. The same tree as `buildSumTree` (a page starts at
 * a multiple of 64, so a level's last odd node is a page's last odd node and takes the empty
 * partner likewise), but no level is ever held whole: built whole, the 362,144 leaves' nodes of a
 * 100,000-user snapshot were kept to the end, and collecting the garbage around them cost more
 * than hashing them.
 */
import { EMPTY_TEXT, fromUnits, nodeText, type SumNode, textOfLeaf } from '../../../protocol/solvency.ts';
import type { LaidLeaf } from './leaves.ts';
import { PAGE_BITS, PAGE_SIZE, pageText } from './solvency.store.ts';

/** A node with its sums also as integers, for the level above. */
interface Node extends SumNode {
  units: bigint[];
}

export interface PagedTree {
  root: SumNode;
  /** Levels above the leaves. */
  height: number;
  /** The stored levels' pages, as `solvency_node_pages` holds them. */
  pages: { level: number; page: number; nodes: string }[];
}

/** The node over `left` and `right`: zero sums take the other side's integer and text as they are. */
function parent(left: Node, right: Node, sha256: (text: string) => string): Node {
  const units = left.units.map((u, c) => {
    const r = right.units[c] as bigint;
    return r === 0n ? u : u === 0n ? r : u + r;
  });
  const sums = units.map((u, c) =>
    u === left.units[c]
      ? (left.sums[c] as string)
      : u === right.units[c]
        ? (right.sums[c] as string)
        : fromUnits(u),
  );
  return { hash: sha256(nodeText(left, right, sums)), sums, units };
}

/** `levels` levels above `nodes`, pairing as `buildSumTree` does: the page's top node. */
function fold(nodes: Node[], levels: number, empty: Node, sha256: (text: string) => string): Node {
  let level = nodes;
  for (let d = 0; d < levels; d += 1) {
    const next: Node[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(parent(level[i] as Node, level[i + 1] ?? empty, sha256));
    level = next;
  }
  return level[0] as Node;
}

/**
 * The tree over `leaves` (their `balances` as `fromUnits` prints their `units`, as the layout
 * gives them), with `coinCount` sums a node. Refuses a negative balance, as `buildSumTree` does.
 */
export function pagedTree(
  leaves: LaidLeaf[],
  coinCount: number,
  sha256: (text: string) => string,
): PagedTree {
  const zeros = Array.from({ length: coinCount }, () => 0n);
  const empty: Node = { hash: sha256(EMPTY_TEXT), sums: zeros.map(fromUnits), units: zeros };
  const leafNode = (leaf: LaidLeaf): Node => {
    const units = leaf.units;
    if (units.length !== coinCount) throw new RangeError(`leaf ${leaf.wallet}: wrong coin count`);
    for (let c = 0; c < coinCount; c += 1)
      if ((units[c] as bigint) < 0n) throw new RangeError(`leaf ${leaf.wallet}: negative balance`);
    return { hash: sha256(textOfLeaf(leaf, leaf.balances)), sums: leaf.balances, units };
  };
  let height = 0;
  for (let count = Math.max(1, leaves.length); count > 1; count = Math.ceil(count / 2)) height += 1;

  const pages: PagedTree['pages'] = [];
  // The stored level being paged: the leaves first (hashed a page at a time), then folded nodes.
  let nodes: Node[] | null = null;
  let count = Math.max(1, leaves.length);
  for (let base = 0; ; base += PAGE_BITS) {
    const levels = Math.min(PAGE_BITS, height - base);
    const above: Node[] = [];
    for (let start = 0; start < count; start += PAGE_SIZE) {
      const page: Node[] =
        nodes?.slice(start, start + PAGE_SIZE) ??
        (leaves.length === 0 ? [empty] : leaves.slice(start, start + PAGE_SIZE).map(leafNode));
      pages.push({ level: base, page: start >> PAGE_BITS, nodes: pageText(page) });
      if (levels === 0) return { root: page[0] as Node, height, pages };
      above.push(fold(page, levels, empty, sha256));
    }
    // The root's level is stored only when it is a stored level; otherwise it is derived.
    if (base + levels === height && levels < PAGE_BITS) return { root: above[0] as Node, height, pages };
    nodes = above;
    count = above.length;
  }
}
