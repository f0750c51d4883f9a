/**
 * The layout of a snapshot's leaves (issue #36, item 6): over random books, every user's parts add
 * up to their balances and each user's proof (all their parts) verifies with the browser's
 * verifier, while no sibling a proof shows is another user's whole balance. The randomness is a
 * seeded SHA-256 stream drawn from fast-check's seed, so any failure replays.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  buildSumTree,
  EMPTY_TEXT,
  type LeafInput,
  pathOf,
  type SolvencyProof,
  type SumNode,
  verifyProof,
  webCryptoSha256,
} from '../../../protocol/solvency.ts';
import { fromUnits, toUnits } from '../../../protocol/solvency-units.ts';
import {
  DECOY_WALLET,
  firstHalfSize,
  layoutLeaves,
  MAX_PARTS,
  MIN_PARTS,
  type Randomness,
  type Salts,
  splitAmount,
} from './leaves.ts';
import { sha256Hex } from './solvency.service.ts';

/** A reproducible stream: SHA-256 of the seed and a counter, 256 bits at a time. */
function seeded(seed: number): Randomness {
  let counter = 0;
  const block = () => BigInt(`0x${sha256Hex(`${seed}:${counter++}`)}`);
  return {
    int(bound) {
      return Number(this.below(BigInt(bound)));
    },
    below(bound) {
      const bits = bound.toString(2).length;
      const mask = (1n << BigInt(bits)) - 1n;
      for (;;) {
        const drawn = block() & mask;
        if (drawn < bound) return drawn;
      }
    },
  };
}

/** Reproducible salts, in position order. */
const seededSalts =
  (seed: number): Salts =>
  (count) =>
    Array.from({ length: count }, (_, i) => createHash('md5').update(`salt:${seed}:${i}`).digest('hex'));

const EMPTY = sha256Hex(EMPTY_TEXT);
/** USDT-like (6 decimals) and BTC-like (8). */
const PRECISIONS = [6, 8];
const UNITS_PER_STEP = PRECISIONS.map((p) => 10n ** BigInt(18 - p));

/** Amounts at a coin's precision, from dust to large, zero included; sometimes with sub-precision dust. */
const amount = (c: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.constantFrom(0n, 0n, 0n, 7n))
    .map(([steps, dust]) => fromUnits(steps * (UNITS_PER_STEP[c] as bigint) + dust));
const book = fc
  .array(fc.tuple(amount(0), amount(1)), { minLength: 1, maxLength: 24 })
  .map((rows): UserBalances[] => rows.map((balances, i) => ({ wallet: `0x${i}`, balances })));

/** A user's balances as text, as the properties draw them (the layout takes units). */
interface UserBalances {
  wallet: string;
  balances: string[];
}

interface Laid {
  leaves: LeafInput[];
  tree: SumNode[][];
  proofs: Map<string, SolvencyProof>;
}

function lay(users: UserBalances[], seed: number): Laid {
  const units = users.map((u) => ({ wallet: u.wallet, units: u.balances.map(toUnits) }));
  const leaves = layoutLeaves(units, PRECISIONS, seeded(seed), seededSalts(seed));
  const tree = buildSumTree(leaves, PRECISIONS.length, sha256Hex);
  const root = tree.at(-1)?.[0] as SumNode;
  const proofs = new Map<string, SolvencyProof>();
  for (const user of users) {
    const parts = leaves.flatMap((leaf, i) =>
      leaf.wallet === user.wallet ? [{ leaf, path: pathOf(tree, i, EMPTY) }] : [],
    );
    const balances = user.balances.map((b) => fromUnits(toUnits(b)));
    const snapshot = { id: 1, takenAt: 0, rootHash: root.hash, userCount: users.length, coins: [] };
    proofs.set(user.wallet, { snapshot, coins: ['USDT', 'BTC'], wallet: user.wallet, balances, parts, root });
  }
  return { leaves, tree, proofs };
}

/** The positions of the leaves under the node at (level, position). */
function under(level: number, position: number, leafCount: number): number[] {
  const from = position * 2 ** level;
  const to = Math.min(leafCount, (position + 1) * 2 ** level);
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

describe('splitting balances among decoys', () => {
  test('property: parts are non-negative, at the coin precision but for the dust, and add up exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 32n }),
        fc.integer({ min: MIN_PARTS, max: MAX_PARTS }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer(),
        (total, count, precision, seed) => {
          const step = 10n ** BigInt(18 - precision);
          const parts = splitAmount(total, count, step, seeded(seed));
          expect(parts).toHaveLength(count);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
          expect(parts.every((p) => p >= 0n)).toBe(true);
          expect(parts.filter((p) => p % step !== 0n).length).toBeLessThanOrEqual(1);
          // Enough smallest units for one each: no part is the whole.
          if (total / step >= BigInt(count)) expect(parts.every((p) => p > 0n && p < total)).toBe(true);
        },
      ),
    );
  });

  test('property: each user has 2-4 parts, one at least in each half; decoys are zero and salted', () => {
    fc.assert(
      fc.property(book, fc.integer(), (users, seed) => {
        const { leaves } = lay(users, seed);
        const half = firstHalfSize(leaves.length);
        for (const user of users) {
          const at = leaves.flatMap((leaf, i) => (leaf.wallet === user.wallet ? [i] : []));
          expect(at.length).toBeGreaterThanOrEqual(MIN_PARTS);
          expect(at.length).toBeLessThanOrEqual(MAX_PARTS);
          expect(at.some((i) => i < half) && at.some((i) => i >= half)).toBe(true);
        }
        const decoys = leaves.filter((leaf) => leaf.wallet === DECOY_WALLET);
        expect(decoys.length).toBeGreaterThanOrEqual(Math.ceil(users.length / 4));
        expect(decoys.every((leaf) => leaf.balances.every((b) => b === '0'))).toBe(true);
        expect(new Set(leaves.map((leaf) => leaf.salt)).size).toBe(leaves.length);
      }),
    );
  });

  test('property: every proof verifies with the browser verifier, parts summing to the balances', async () => {
    await fc.assert(
      fc.asyncProperty(book, fc.integer(), async (users, seed) => {
        const { tree, proofs } = lay(users, seed);
        const root = tree.at(-1)?.[0] as SumNode;
        const total = (c: number) =>
          fromUnits(users.reduce((sum, u) => sum + toUnits(u.balances[c] ?? '0'), 0n));
        expect(root.sums).toEqual([total(0), total(1)]);
        for (const user of users) {
          const proof = proofs.get(user.wallet) as SolvencyProof;
          const result = await verifyProof(proof, webCryptoSha256, user.wallet);
          expect(result).toMatchObject({ included: true, parts: proof.parts.length });
        }
      }),
      { numRuns: 40 },
    );
  });

  test("property: what a sibling holds beyond the viewer's own parts is never one other user's whole balance", () => {
    fc.assert(
      fc.property(book, fc.integer(), (users, seed) => {
        const { leaves, proofs } = lay(users, seed);
        const parts = new Map(
          users.map((u) => [u.wallet, leaves.filter((leaf) => leaf.wallet === u.wallet)]),
        );
        for (const viewer of users) {
          const proof = proofs.get(viewer.wallet) as SolvencyProof;
          const seen = new Set<string>();
          for (const part of proof.parts) {
            const index = leaves.indexOf(part.leaf);
            for (const [level] of part.path.entries()) {
              const position = (index >> level) ^ 1;
              if (seen.has(`${level}:${position}`)) continue;
              seen.add(`${level}:${position}`);
              // What the viewer cannot attribute to themselves under this sibling.
              const others = under(level, position, leaves.length)
                .map((i) => leaves[i] as LeafInput)
                .filter((leaf) => leaf.wallet !== viewer.wallet);
              for (const [c] of PRECISIONS.entries()) {
                const holders = new Set(
                  others.filter((leaf) => toUnits(leaf.balances[c] ?? '0') > 0n).map((leaf) => leaf.wallet),
                );
                if (holders.size !== 1) continue;
                // One other user alone holds this coin here: only some of their parts, never the whole.
                const [owner] = holders;
                const whole = (parts.get(owner ?? '') ?? []).reduce(
                  (s, l) => s + toUnits(l.balances[c] ?? '0'),
                  0n,
                );
                const here = others.reduce((s, l) => s + toUnits(l.balances[c] ?? '0'), 0n);
                const count = BigInt(parts.get(owner ?? '')?.length ?? 0);
                // Dust below one smallest unit per part cannot be split into positive parts.
                if (whole / (UNITS_PER_STEP[c] as bigint) < count) continue;
                expect(here, `${viewer.wallet} sees ${owner}'s whole coin ${c}`).toBeLessThan(whole);
              }
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  test("no sibling sum equals another user's balance, over books of distinct amounts (fixed seed)", () => {
    // Amounts with 14 digits of entropy: any equality would be the layout's doing, not chance.
    const distinct = fc
      .uniqueArray(fc.bigInt({ min: 10n ** 6n, max: 10n ** 14n }), { minLength: 4, maxLength: 48 })
      .map((units): UserBalances[] =>
        Array.from({ length: Math.floor(units.length / 2) }, (_, i) => ({
          wallet: `0x${i}`,
          balances: [0, 1].map((c) =>
            fromUnits((units[2 * i + c] as bigint) * (UNITS_PER_STEP[c] as bigint)),
          ),
        })),
      );
    fc.assert(
      fc.property(distinct, fc.integer(), (users, seed) => {
        const { proofs } = lay(users, seed);
        for (const viewer of users) {
          const proof = proofs.get(viewer.wallet) as SolvencyProof;
          const others = new Set(
            users.filter((u) => u !== viewer).flatMap((u) => u.balances.map((b) => fromUnits(toUnits(b)))),
          );
          for (const step of proof.parts.flatMap((part) => part.path)) {
            for (const sum of step.sums) expect(others.has(sum), sum).toBe(false);
          }
        }
      }),
      { seed: 36, numRuns: 100 },
    );
  });

  test('the same randomness lays out the same tree: a snapshot is reproducible from what it stores', () => {
    const users: UserBalances[] = [
      { wallet: '0xa', balances: ['99119.531771', '0.5'] },
      { wallet: '0xb', balances: ['0', '0'] },
    ];
    const root = (seed: number) => lay(users, seed).tree.at(-1)?.[0]?.hash;
    expect(root(7)).toBe(root(7));
    expect(root(7)).not.toBe(root(8));
  });
});
