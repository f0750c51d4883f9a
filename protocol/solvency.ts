/**
 * Proof of solvency (docs/solvency.md): a Merkle sum tree over every user's total balance per
 * coin. Each node carries a hash and, per coin, the sum of the balances below it; the root's sums
 * are the platform's liabilities to its users. A user verifies their own inclusion from their leaf
 * (salt, wallet, balances) and the path of siblings to the published root, with nothing but
 * SHA-256: the server builds with a synchronous hash, the browser verifies with Web Crypto.
 *
 * What is hashed is plain text, so that anyone can check a proof by hand with a few lines of code:
 *   leaf  = SHA-256("meridian-solvency-leaf-v1|" + salt + "|" + wallet + "|" + balances.join(","))
 *   node  = SHA-256("meridian-solvency-node-v1|" + left.hash + "|" + right.hash + "|" + sums.join(","))
 *   empty = SHA-256("meridian-solvency-empty-v1"), all sums 0 (the partner of a level's last odd node)
 * Hashes are lower-case hex; amounts are plain decimals without trailing zeros, in the snapshot's
 * coin order; sums are exact (integers of 10^-18, as the ledger's NUMERIC(38,18)).
 *
 * A user's balances are split over several leaves (random parts at random positions, at least one
 * in each half of the tree) among zero-balance decoys, so that no node a proof shows is another
 * user's whole balance; a proof therefore carries every part's leaf and path, and `verifyProof`
 * checks that each reaches the root and that the parts add up to the balances shown.
 */
import * as v from 'valibot';
import { fromUnits, toUnits } from './solvency-units.ts';
import { pageNumber, pageSize } from './validation.ts';

export const LEAF_PREFIX = 'meridian-solvency-leaf-v1';
export const NODE_PREFIX = 'meridian-solvency-node-v1';
export const EMPTY_TEXT = 'meridian-solvency-empty-v1';

export interface SumNode {
  hash: string;
  /** Per coin, in the snapshot's coin order. */
  sums: string[];
}

export interface LeafInput {
  /** The owner's address; '' for a decoy (a zero-balance leaf no user owns). */
  wallet: string;
  salt: string;
  /** Per coin, in the snapshot's coin order; never negative. */
  balances: string[];
}

export function leafText(leaf: LeafInput): string {
  return textOfLeaf(
    leaf,
    leaf.balances.map((b) => fromUnits(toUnits(b))),
  );
}

/**
 * The leaf's text from its amounts already in plain form (`fromUnits`'s): the tree has them, and
 * the server's page-wise builder, so neither parses them again.
 */
export function textOfLeaf(leaf: LeafInput, amounts: string[]): string {
  return `${LEAF_PREFIX}|${leaf.salt}|${leaf.wallet}|${amounts.join(',')}`;
}

export function nodeText(left: SumNode, right: SumNode, sums: string[]): string {
  return `${NODE_PREFIX}|${left.hash}|${right.hash}|${sums.join(',')}`;
}

/**
 * The sums of a parent node, as integers and as text, from its children's. Most sums of a
 * snapshot are zeros (coins few users hold, decoys): a zero side, or two, takes the other side's
 * integer and text as they are, with no BigInt made or printed.
 */
export function sumUnits(
  left: { units: bigint[]; sums: string[] },
  right: { units: bigint[]; sums: string[] },
): { units: bigint[]; sums: string[] } {
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
  return { units, sums };
}

function addSums(left: string[], right: string[]): string[] {
  if (left.length !== right.length) throw new RangeError('nodes with different coin counts');
  return left.map((a, i) => fromUnits(toUnits(a) + toUnits(right[i] ?? 'x')));
}

const isNegative = (amount: string) => toUnits(amount) < 0n;

/** The tree, level by level from the leaves (level 0) to the root (the last level, one node). */
export type SumTree = SumNode[][];

/**
 * Builds the tree over `leaves` with a synchronous SHA-256 (hex of the UTF-8 text). Refuses a
 * negative balance: a negative leaf would let the operator cancel out real liabilities (the
 * attack "Having a safe CEX" describes), so no node may ever carry one.
 *
 * A leaf may carry its balances as `units` too (the server's layout has them): its `balances` are
 * then taken as their plain text, neither parsed nor printed again. `keep(level)` says which
 * levels the caller needs: the others come back empty (the root is always kept), so that a
 * snapshot holds in memory only what it stores.
 */
export function buildSumTree(
  leaves: (LeafInput & { units?: bigint[] })[],
  coinCount: number,
  sha256: (text: string) => string,
  keep: (level: number) => boolean = () => true,
): SumTree {
  // Sums are carried as integers beside their text, so each node converts each coin once; only
  // for the level being summed, so that the tree kept holds text alone (a third of the memory).
  const zeros = Array.from({ length: coinCount }, () => 0n);
  const empty: SumNode = { hash: sha256(EMPTY_TEXT), sums: zeros.map(fromUnits) };
  let units: bigint[][] = [];
  let level: SumNode[] = leaves.map((leaf) => {
    if (leaf.balances.length !== coinCount) throw new RangeError(`leaf ${leaf.wallet}: wrong coin count`);
    const given = leaf.units !== undefined && leaf.units.length === coinCount;
    const amounts = given ? (leaf.units as bigint[]) : leaf.balances.map(toUnits);
    if (amounts.some((u) => u < 0n)) throw new RangeError(`leaf ${leaf.wallet}: negative balance`);
    units.push(amounts);
    const sums = given ? leaf.balances : amounts.map(fromUnits);
    return { hash: sha256(textOfLeaf(leaf, sums)), sums };
  });
  if (level.length === 0) level = [empty];
  const tree: SumTree = [level];
  while (level.length > 1) {
    const next: SumNode[] = [];
    const nextUnits: bigint[][] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as SumNode;
      const right = level[i + 1] ?? empty;
      const { units: sum, sums } = sumUnits(
        { units: units[i] as bigint[], sums: left.sums },
        { units: units[i + 1] ?? zeros, sums: right.sums },
      );
      nextUnits.push(sum);
      next.push({ hash: sha256(nodeText(left, right, sums)), sums });
    }
    if (!keep(tree.length - 1)) tree[tree.length - 1] = [];
    tree.push(next);
    level = next;
    units = nextUnits;
  }
  return tree;
}

export interface PathStep {
  /** Where the sibling sits: 'left' when the path's node is the right child. */
  side: 'left' | 'right';
  hash: string;
  sums: string[];
}

/** Where the siblings of leaf `index` sit, from the leaves up, in a tree `height` levels above them. */
export function siblingSlots(
  index: number,
  height: number,
): { level: number; position: number; side: 'left' | 'right' }[] {
  const slots = [];
  for (let level = 0, position = index; level < height; level += 1, position >>= 1) {
    const siblingAt = position ^ 1;
    slots.push({
      level,
      position: siblingAt,
      side: siblingAt < position ? ('left' as const) : ('right' as const),
    });
  }
  return slots;
}

/** The path of leaf `index`: each sibling from `nodeAt`, or `empty` where a level had none. */
export function pathFrom(
  index: number,
  height: number,
  nodeAt: (level: number, position: number) => SumNode | undefined,
  empty: SumNode,
): PathStep[] {
  return siblingSlots(index, height).map(({ level, position, side }) => {
    const sibling = nodeAt(level, position) ?? empty;
    return { side, hash: sibling.hash, sums: sibling.sums };
  });
}

/** The siblings from leaf `index` up to the root, read from a built tree. */
export function pathOf(tree: SumTree, index: number, emptyHash: string): PathStep[] {
  const zeros = (tree[0]?.[0]?.sums ?? []).map(() => '0');
  return pathFrom(index, tree.length - 1, (level, position) => tree[level]?.[position], {
    hash: emptyHash,
    sums: zeros,
  });
}

export type VerifyResult =
  | { included: true }
  | {
      included: false;
      reason: 'negative' | 'coin_count' | 'root_hash' | 'root_sums' | 'malformed';
      /** The level (0 = the leaf) where the check failed, when it is one. */
      level?: number;
      computed?: SumNode;
    };

/**
 * Recomputes the leaf and every node up to the root with `sha256` (asynchronous: Web Crypto in the
 * browser) and compares hash and sums with the published root. Any negative amount on the way
 * fails the proof, as does a sibling whose sums were changed (the parent's hash covers them).
 */
export async function verifyInclusion(
  leaf: LeafInput,
  path: PathStep[],
  root: SumNode,
  sha256: (text: string) => Promise<string>,
): Promise<VerifyResult> {
  try {
    const coins = root.sums.length;
    if (leaf.balances.length !== coins || path.some((s) => s.sums.length !== coins)) {
      return { included: false, reason: 'coin_count' };
    }
    if (leaf.balances.some(isNegative)) return { included: false, reason: 'negative', level: 0 };
    let node: SumNode = {
      hash: await sha256(leafText(leaf)),
      sums: leaf.balances.map((b) => fromUnits(toUnits(b))),
    };
    for (const [i, step] of path.entries()) {
      if (step.sums.some(isNegative)) return { included: false, reason: 'negative', level: i };
      const [left, right] = step.side === 'left' ? [step, node] : [node, step];
      const sums = addSums(left.sums, right.sums);
      node = { hash: await sha256(nodeText(left, right, sums)), sums };
    }
    if (node.hash !== root.hash) return { included: false, reason: 'root_hash', computed: node };
    const rootSums = root.sums.map((s) => fromUnits(toUnits(s)));
    if (node.sums.some((s, i) => s !== rootSums[i]))
      return { included: false, reason: 'root_sums', computed: node };
    return { included: true };
  } catch {
    return { included: false, reason: 'malformed' };
  }
}

/** One of a wallet's leaves (a random part of each of its balances) and its path to the root. */
export interface ProofPart {
  leaf: LeafInput;
  path: PathStep[];
}

export type ProofResult =
  | {
      included: true;
      parts: number;
      /** Levels from each leaf to the root. */
      levels: number;
    }
  | {
      included: false;
      reason: Extract<VerifyResult, { included: false }>['reason'] | 'wallet' | 'duplicate' | 'parts_sum';
      /** The part (in the proof's order) that failed, when one did. */
      part?: number;
      level?: number;
      computed?: SumNode;
    };

/**
 * Checks a whole proof: every part is a leaf of the wallet (of `expectedWallet` too, when given:
 * the signed-in one), no leaf comes twice (one part counted twice would let the operator leave
 * another out of the tree), each part's path reaches the published root (`verifyInclusion`), and
 * the parts add up, coin by coin and exactly, to the balances shown. Only then is all of the
 * balance, not some of it, proven included.
 */
export async function verifyProof(
  proof: Pick<SolvencyProof, 'wallet' | 'balances' | 'parts' | 'root'>,
  sha256: (text: string) => Promise<string>,
  expectedWallet?: string,
): Promise<ProofResult> {
  try {
    const { wallet, balances, parts, root } = proof;
    if (parts.length === 0) return { included: false, reason: 'malformed' };
    if (balances.length !== root.sums.length) return { included: false, reason: 'coin_count' };
    if (expectedWallet !== undefined && wallet.toLowerCase() !== expectedWallet.toLowerCase())
      return { included: false, reason: 'wallet' };
    const positions = new Set<string>();
    for (const [i, part] of parts.entries()) {
      if (part.leaf.wallet !== wallet) return { included: false, reason: 'wallet', part: i };
      // The sides of a path spell its leaf's position: two parts with the same sides are one leaf.
      const position = part.path.map((step) => step.side).join();
      if (positions.has(position)) return { included: false, reason: 'duplicate', part: i };
      positions.add(position);
    }
    for (const [i, part] of parts.entries()) {
      const result = await verifyInclusion(part.leaf, part.path, root, sha256);
      if (!result.included) return { ...result, part: i };
    }
    const summed = balances.map((_, c) =>
      parts.reduce((sum, part) => sum + toUnits(part.leaf.balances[c] ?? 'x'), 0n),
    );
    if (balances.some((b, c) => toUnits(b) !== summed[c])) return { included: false, reason: 'parts_sum' };
    return { included: true, parts: parts.length, levels: parts[0]?.path.length ?? 0 };
  } catch {
    return { included: false, reason: 'malformed' };
  }
}

/** SHA-256 of UTF-8 text as lower-case hex with Web Crypto (browsers, Node 20+). */
export async function webCryptoSha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

// --- The wire (codes 10090 and 10091, docs/api.md) ---

/** Per coin of a snapshot: liabilities (the root's sum), reserves read on chain, their ratio. */
export interface SolvencyCoin {
  coin: string;
  liabilities: string;
  /** Null when no reserve address of the coin could be read at the snapshot's time. */
  reserves: string | null;
  /** reserves / liabilities, 4 decimals; null when not attested or nothing is owed. */
  ratio: string | null;
}

export interface SolvencySnapshot {
  id: number;
  takenAt: number;
  rootHash: string;
  userCount: number;
  coins: SolvencyCoin[];
}

export const solvencyRequest = v.object({
  /** How many snapshots, newest first (1-100). */
  size: v.optional(pageSize, '30'),
});

export interface SolvencyList {
  /** Newest first. */
  snapshots: SolvencySnapshot[];
  /** When the next daily snapshot is taken (Unix ms): the first one that holds a new wallet. */
  nextSnapshotAt: number;
}

/** Snapshots are daily, taken by the job in the first minute of each UTC day (docs/solvency.md). */
export function nextSnapshotAt(now: number): number {
  const day = 86_400_000;
  return Math.floor(now / day) * day + day;
}

/**
 * 10091 for a wallet a snapshot does not hold (it signed up after it, or there is no snapshot
 * yet): not an error, but when its balances will first be in one.
 */
export interface SolvencyPending {
  pending: true;
  snapshot: SolvencySnapshot | null;
  nextSnapshotAt: number;
}

export type SolvencyProofAnswer = SolvencyProof | SolvencyPending;

export const solvencyProofRequest = v.object({
  /** The snapshot; the latest when absent. */
  snapshotId: v.optional(pageNumber),
});

export interface SolvencyProof {
  snapshot: SolvencySnapshot;
  /** The coins of the tree's sums, in order. */
  coins: string[];
  /** The wallet every part belongs to (lower-case). */
  wallet: string;
  /** The wallet's total per coin at the snapshot: what its parts must add up to. */
  balances: string[];
  /** Every leaf of the wallet, each with its salt, its part of the balances and its path. */
  parts: ProofPart[];
  root: SumNode;
}
