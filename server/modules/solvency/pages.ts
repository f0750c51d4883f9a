/**
 * How a snapshot's tree is cut into pages (docs/solvency.md, "Storage"): the page format alone,
 * shared by the tree's builder (`paged-tree.ts`) and the storage (`solvency.store.ts`).
 */
import { hash } from 'node:crypto';
import { EMPTY_TEXT, type SumNode } from '../../../protocol/solvency.ts';

/** One-shot (crypto.hash): a Hash object per node was a third of the tree's time, most of it GC. */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
export const EMPTY_HASH = sha256Hex(EMPTY_TEXT);

/**
 * Nodes per page, and the distance between stored levels: a proof reads one page per stored level
 * and part (about 8 kB each with ten coins), and derives the levels between. 64 keeps a proof's
 * reading to tens of kB and the rows per snapshot a few thousand. Migration 0035 cut the old rows
 * the same way: change both together.
 */
export const PAGE_BITS = 6;
export const PAGE_SIZE = 1 << PAGE_BITS;

/** Whether level `level` is stored (the others are derived from the stored page below). */
export const isStoredLevel = (level: number) => level % PAGE_BITS === 0;

/**
 * A page's text: `hash,sum,sum,...` per node, nodes joined by `;`. Hashes are hex and sums plain
 * decimals, so nothing needs quoting: no JSON escapes inside the insert's JSON parameter, and
 * splitting it back costs less than JSON.parse.
 */
export function pageText(nodes: SumNode[]): string {
  return nodes.map((n) => [n.hash, ...n.sums].join(',')).join(';');
}

export function parsePage(text: string, coins: number): SumNode[] {
  return text.split(';').map((node) => {
    const fields = node.split(',');
    return { hash: fields[0] ?? '', sums: fields.slice(1, 1 + coins) };
  });
}
