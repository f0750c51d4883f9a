/**
 * Where users' balances sit in a snapshot's tree (docs/solvency.md, "What a proof reveals"). With
 * one leaf per user, the first sibling on a user's path is another user's leaf: their exact
 * balances, anonymous but whole. So, as Vitalik Buterin's "Having a safe CEX" and summa-solvency
 * suggest, each user's balances are split into 2-4 leaves (random, non-negative parts at the coin's
 * precision, summing exactly), mixed with zero-balance decoys (salted like any leaf, so their hashes
 * look the same) and laid out at random, with at least one part of every user in each half of the
 * tree. No node below the root then holds all of a user's parts, and as every part of a balance of
 * at least that many of the coin's smallest units is positive, no such node carries a user's whole
 * balance of any coin: each mixes parts of several users and decoys.
 *
 * Pure: the randomness and the salts come in (node:crypto and `salts.ts` on the server, seeded ones
 * in tests), and what they chose is kept with the snapshot (each leaf's wallet, position and
 * parts, and the key its salt derives from), so that an auditor rebuilds the same tree from the
 * stored leaves.
 */
import type { LeafInput } from '../../../protocol/solvency.ts';
import { fromUnits, SOLVENCY_SCALE } from '../../../protocol/solvency-units.ts';

/** The wallet of a decoy leaf: no user's, so no proof ever includes it. */
export const DECOY_WALLET = '';

export const MIN_PARTS = 2;
export const MAX_PARTS = 4;

export interface Randomness {
  /** A uniform integer in [0, bound), bound >= 1. */
  below(bound: bigint): bigint;
  /** The same for a safe integer bound: most draws of a layout are, and need no BigInt. */
  int(bound: number): number;
}

/** The secret salts of `count` leaves, in position order (the server's: `salts.ts`). */
export type Salts = (count: number) => string[];

export interface UserUnits {
  wallet: string;
  /** Per coin, in the snapshot's coin order, in units of 10^-18; never negative. */
  units: bigint[];
}

/** Spares below this are drawn as numbers (bound = spare + 1 stays a safe integer). */
const SAFE_SPARE = BigInt(Number.MAX_SAFE_INTEGER);

/** A leaf as laid out: its balances also as units, so that the tree need not parse them again. */
export type LaidLeaf = LeafInput & { units: bigint[] };

/**
 * A laid-out leaf that keeps its balances as units only and prints them when read: a snapshot's
 * 362,144 leaves (100,000 users) all live until the tree is built, and ten strings each were
 * 70 MB more of them to allocate, keep and collect. The tree prints a page's leaves at a time.
 */
class Leaf implements LaidLeaf {
  readonly wallet: string;
  salt: string;
  units: bigint[];

  constructor(wallet: string, salt: string, units: bigint[]) {
    this.wallet = wallet;
    this.salt = salt;
    this.units = units;
  }

  get balances(): string[] {
    return this.units.map(fromUnits);
  }
}

function shuffle<T>(items: T[], random: Randomness): T[] {
  // Fisher-Yates: every order equally likely, so a position says nothing about a wallet.
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = random.int(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * `total` (units of 10^-18) in `count` non-negative parts that add up to it exactly, each a whole
 * number of the coin's smallest unit `step` except one part that also takes any remainder below it.
 * When the total has at least `count` smallest units every part gets one, so no part is the whole.
 */
export function splitAmount(total: bigint, count: number, step: bigint, random: Randomness): bigint[] {
  const parts = Array.from({ length: count }, () => 0n);
  if (total === 0n) return parts;
  const steps = total / step;
  if (steps >= BigInt(count)) {
    // One smallest unit each, and the rest cut at count - 1 uniform points (stars and bars).
    const spare = steps - BigInt(count);
    if (spare < SAFE_SPARE) {
      // Any balance below 9 * 10^15 smallest units (90 million of a coin of 8 decimals): the
      // cuts as numbers, one BigInt a part. The draws a layout makes are mostly these.
      const cuts: number[] = [];
      const bound = Number(spare) + 1;
      for (let i = 1; i < count; i += 1) cuts.push(random.int(bound));
      cuts.sort((a, b) => a - b);
      cuts.push(bound - 1);
      let previous = 0;
      for (let i = 0; i < count; i += 1) {
        const cut = cuts[i] as number;
        parts[i] = BigInt(1 + cut - previous) * step;
        previous = cut;
      }
    } else {
      const cuts: bigint[] = [];
      for (let i = 1; i < count; i += 1) cuts.push(random.below(spare + 1n));
      cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      cuts.push(spare);
      let previous = 0n;
      for (let i = 0; i < count; i += 1) {
        const cut = cuts[i] as bigint;
        parts[i] = (1n + cut - previous) * step;
        previous = cut;
      }
    }
  } else {
    // Dust too small for a unit in every part: one unit each to as many random parts as it has.
    const order = shuffle(
      Array.from({ length: count }, (_, i) => i),
      random,
    );
    for (let i = 0; i < Number(steps); i += 1) parts[order[i] as number] = step;
  }
  const rest = total % step;
  if (rest > 0n) {
    const i = random.int(count);
    parts[i] = (parts[i] as bigint) + rest;
  }
  return parts;
}

/**
 * How many of `leafCount` leaves are under the root's left child: the largest power of two below
 * the count, as `buildSumTree` pairs them (the rest are under the right child).
 */
export function firstHalfSize(leafCount: number): number {
  if (leafCount <= 1) return leafCount;
  let size = 1;
  while (size * 2 < leafCount) size *= 2;
  return size;
}

/**
 * The leaves of a snapshot in tree order: every user's balances split into 2-4 parts, a quarter to
 * a half as many decoys as users (more when the second half of the tree needs them to hold a part
 * of every user), laid out so that each half holds at least one part of each user, then each leaf
 * salted with its position's salt from `salts`. `precisions` are the coins' decimals, in the
 * balances' order.
 */
export function layoutLeaves(
  users: UserUnits[],
  precisions: number[],
  random: Randomness,
  salts: Salts,
): LaidLeaf[] {
  const steps = precisions.map((p) => 10n ** BigInt(Math.max(0, SOLVENCY_SCALE - p)));
  const zeroUnits = precisions.map(() => 0n);
  // Per user: the part bound for the first half, the one for the second half, then the rest.
  const split = users.map((user) => {
    const count = MIN_PARTS + random.int(MAX_PARTS - MIN_PARTS + 1);
    // Most balances of a snapshot are zeros (coins a user does not hold): nothing to split.
    const amounts = user.units.map((u, c) =>
      u === 0n ? null : splitAmount(u, count, steps[c] ?? 1n, random),
    );
    return Array.from(
      { length: count },
      (_, i): LaidLeaf =>
        new Leaf(
          user.wallet,
          '',
          amounts.map((parts) => (parts ? (parts[i] ?? 0n) : 0n)),
        ),
    );
  });
  const partCount = split.reduce((n, parts) => n + parts.length, 0);
  const quarter = Math.ceil(users.length / 4);
  let decoyCount = quarter + random.int(quarter + 1);
  // The second half must have room for a part of every user (the first always has: it holds half
  // the leaves or more, and every user has two parts at least).
  const leafCount = partCount + decoyCount;
  const room = leafCount - firstHalfSize(leafCount);
  if (room < users.length) decoyCount += users.length - room;
  const decoy = (): LaidLeaf => new Leaf(DECOY_WALLET, '', zeroUnits);

  const free = shuffle(
    [...split.flatMap((parts) => parts.slice(2)), ...Array.from({ length: decoyCount }, decoy)],
    random,
  );
  const total = partCount + decoyCount;
  const secondSize = total - firstHalfSize(total);
  const freeInSecond = secondSize - users.length;
  const first = [...split.map((parts) => parts[0] as LaidLeaf), ...free.slice(freeInSecond)];
  const second = [...split.map((parts) => parts[1] as LaidLeaf), ...free.slice(0, freeInSecond)];
  const leaves = [...shuffle(first, random), ...shuffle(second, random)];
  // Salted by position once laid out: a salt then says nothing of the order parts were made in.
  const salt = salts(leaves.length);
  for (const [position, leaf] of leaves.entries()) leaf.salt = salt[position] as string;
  return leaves;
}
