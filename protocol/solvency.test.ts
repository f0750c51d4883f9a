import { sha256 as sha256Bytes } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  buildSumTree,
  EMPTY_TEXT,
  type LeafInput,
  type PathStep,
  pathOf,
  type SumNode,
  verifyInclusion,
  verifyProof,
  webCryptoSha256,
} from './solvency.ts';
import { fromUnits, toUnits } from './solvency-units.ts';

// Built with a second SHA-256 implementation, verified with Web Crypto: the texts, not a library, agree.
const sha256 = (text: string) => bytesToHex(sha256Bytes(utf8ToBytes(text)));
const EMPTY = sha256(EMPTY_TEXT);

const leaves: LeafInput[] = [
  { wallet: '0xaaa', salt: 's1', balances: ['10', '0.5'] },
  { wallet: '0xbbb', salt: 's2', balances: ['2.25', '0'] },
  { wallet: '0xccc', salt: 's3', balances: ['0', '1.000000000000000001'] },
];

function rootOf(tree: SumNode[][]): SumNode {
  return tree.at(-1)?.[0] as SumNode;
}

describe('the Merkle sum tree', () => {
  test('amounts convert exactly to units of 10^-18 and back', () => {
    expect(toUnits('1.5')).toBe(1_500_000_000_000_000_000n);
    expect(fromUnits(toUnits('0.000000000000000001'))).toBe('0.000000000000000001');
    expect(fromUnits(toUnits('12.3400'))).toBe('12.34');
    expect(() => toUnits('1e5')).toThrow();
    expect(() => toUnits('0.0000000000000000001')).toThrow();
  });

  test('the conversions agree with plain integer arithmetic, signs and scales alike', () => {
    // The reference: the whole and the fraction by division, as the digits-only code avoids.
    const reference = (units: bigint) => {
      const abs = units < 0n ? -units : units;
      const fraction = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
      const text = `${abs / 10n ** 18n}${fraction ? `.${fraction}` : ''}`;
      return units < 0n ? `-${text}` : text;
    };
    fc.assert(
      // Every length of digits, so that amounts below one, at one and far above are all drawn.
      fc.property(
        fc
          .integer({ min: 1, max: 38 })
          .chain((digits) => fc.bigInt({ min: -(10n ** BigInt(digits)), max: 10n ** BigInt(digits) })),
        (units) => {
          expect(fromUnits(units)).toBe(reference(units));
          expect(toUnits(fromUnits(units))).toBe(units);
          // A trailing zero in the fraction changes nothing.
          const text = reference(units);
          if (text.includes('.') && text.split('.')[1]?.length !== 18)
            expect(toUnits(`${text}0`)).toBe(units);
        },
      ),
    );
    expect(toUnits('-0.5')).toBe(-(5n * 10n ** 17n));
    expect(toUnits('7')).toBe(7n * 10n ** 18n);
  });

  test("the root's sums are the sums of the balances; every leaf's path verifies", async () => {
    const tree = buildSumTree(leaves, 2, sha256);
    const root = rootOf(tree);
    expect(root.sums).toEqual(['12.25', '1.500000000000000001']);
    for (const [i, leaf] of leaves.entries()) {
      expect(await verifyInclusion(leaf, pathOf(tree, i, EMPTY), root, webCryptoSha256)).toEqual({
        included: true,
      });
    }
  });

  test('the hashes are the documented texts', () => {
    const tree = buildSumTree(leaves.slice(0, 2), 2, sha256);
    const [a, b] = tree[0] as SumNode[];
    expect(a?.hash).toBe(sha256('meridian-solvency-leaf-v1|s1|0xaaa|10,0.5'));
    expect(rootOf(tree).hash).toBe(sha256(`meridian-solvency-node-v1|${a?.hash}|${b?.hash}|12.25,0.5`));
  });

  test('a tampered sibling hash, a changed sibling sum, a wrong balance and a wrong root sum are each caught', async () => {
    const tree = buildSumTree(leaves, 2, sha256);
    const root = rootOf(tree);
    const leaf = leaves[0] as LeafInput;
    const path = pathOf(tree, 0, EMPTY);
    const step = path[0];
    if (!step) throw new Error('no path');
    const tamperedHash = [{ ...step, hash: sha256('someone else') }, ...path.slice(1)];
    expect(await verifyInclusion(leaf, tamperedHash, root, webCryptoSha256)).toMatchObject({
      included: false,
      reason: 'root_hash',
    });
    // Moving liabilities out of the sibling: the sums no longer hash to the root.
    const smallerSibling = [{ ...step, sums: ['0', '0'] }, ...path.slice(1)];
    expect(await verifyInclusion(leaf, smallerSibling, root, webCryptoSha256)).toMatchObject({
      included: false,
      reason: 'root_hash',
    });
    const lessMoney = { ...leaf, balances: ['9', '0.5'] };
    expect(await verifyInclusion(lessMoney, path, root, webCryptoSha256)).toMatchObject({
      included: false,
      reason: 'root_hash',
    });
    const wrongTotals = { ...root, sums: ['12', '1.500000000000000001'] };
    expect(await verifyInclusion(leaf, path, wrongTotals, webCryptoSha256)).toMatchObject({
      included: false,
      reason: 'root_sums',
    });
  });

  test('a negative node is refused when building and when verifying', async () => {
    expect(() =>
      buildSumTree([{ wallet: '0x1', salt: 's', balances: ['-1', '0'] }, ...leaves], 2, sha256),
    ).toThrow(/negative/);
    // An operator who hides liabilities behind a negative sibling: caught even if the hashes fit.
    const evil = { hash: sha256('x'), sums: ['-10', '0'] };
    const leaf = leaves[0] as LeafInput;
    const leafNode = { hash: sha256(`meridian-solvency-leaf-v1|s1|0xaaa|10,0.5`), sums: ['10', '0.5'] };
    const sums = ['0', '0.5'];
    const root = {
      hash: sha256(`meridian-solvency-node-v1|${leafNode.hash}|${evil.hash}|${sums.join(',')}`),
      sums,
    };
    const result = await verifyInclusion(leaf, [{ side: 'right', ...evil }], root, webCryptoSha256);
    expect(result).toMatchObject({ included: false, reason: 'negative', level: 0 });
  });

  test('property: every proof verifies, and the root sums the balances, for any set of users', async () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, scale]) => fromUnits(units * 10n ** BigInt(18 - scale)));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(amount, amount), { minLength: 1, maxLength: 40 }), async (rows) => {
        const input = rows.map(([a, b], i) => ({ wallet: `0x${i}`, salt: `salt${i}`, balances: [a, b] }));
        const tree = buildSumTree(input, 2, sha256);
        const root = rootOf(tree);
        const total = (k: 0 | 1) => fromUnits(rows.reduce((sum, row) => sum + toUnits(row[k]), 0n));
        expect(root.sums).toEqual([total(0), total(1)]);
        for (const [i, leaf] of input.entries()) {
          const result = await verifyInclusion(leaf, pathOf(tree, i, EMPTY), root, webCryptoSha256);
          expect(result).toEqual({ included: true });
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('a whole proof: every part of a balance', () => {
  // 0xaaa's balances (10 and 0.5) in two parts, beside a decoy and another wallet's part.
  const split: LeafInput[] = [
    { wallet: '0xaaa', salt: 'p1', balances: ['6', '0.2'] },
    { wallet: '', salt: 'd1', balances: ['0', '0'] },
    { wallet: '0xbbb', salt: 'q1', balances: ['2.25', '0'] },
    { wallet: '0xaaa', salt: 'p2', balances: ['4', '0.3'] },
  ];
  const tree = buildSumTree(split, 2, sha256);
  const root = rootOf(tree);
  const part = (i: number) => ({ leaf: split[i] as LeafInput, path: pathOf(tree, i, EMPTY) });
  const proof = { wallet: '0xaaa', balances: ['10', '0.5'], parts: [part(0), part(3)], root };
  const reason = async (changed: Partial<typeof proof>, expectedWallet?: string) =>
    verifyProof({ ...proof, ...changed }, webCryptoSha256, expectedWallet);

  test('verifies when every part reaches the root and the parts add up to the balances shown', async () => {
    expect(await verifyProof(proof, webCryptoSha256, '0xAAA')).toEqual({
      included: true,
      parts: 2,
      levels: 2,
    });
  });

  test('a part left out, a part sent twice, a leaf of another wallet, or totals the parts do not make are caught', async () => {
    // Only the larger part: it is included, but not the whole balance shown.
    expect(await reason({ parts: [part(0)] })).toMatchObject({ included: false, reason: 'parts_sum' });
    // The same part twice would stand for a part the tree does not hold.
    expect(await reason({ parts: [part(0), part(0)], balances: ['12', '0.4'] })).toMatchObject({
      included: false,
      reason: 'duplicate',
      part: 1,
    });
    expect(await reason({ parts: [part(0), part(2)] })).toMatchObject({ reason: 'wallet', part: 1 });
    // Another wallet's leaf relabelled: its hash no longer fits.
    const relabelled = { ...part(2), leaf: { ...(split[2] as LeafInput), wallet: '0xaaa' } };
    expect(await reason({ parts: [part(0), relabelled], balances: ['8.25', '0.2'] })).toMatchObject({
      reason: 'root_hash',
      part: 1,
    });
    expect(await reason({ balances: ['11', '0.5'] })).toMatchObject({ reason: 'parts_sum' });
    expect(await reason({ balances: ['10'] })).toMatchObject({ reason: 'coin_count' });
    expect(await reason({}, '0xbbb')).toMatchObject({ reason: 'wallet' });
    expect(await reason({ parts: [] })).toMatchObject({ reason: 'malformed' });
    const [first, ...rest] = part(3).path;
    const lowered = { ...part(3), path: [{ ...(first as PathStep), sums: ['0', '0'] }, ...rest] };
    expect(await reason({ parts: [part(0), lowered] })).toMatchObject({ reason: 'root_hash', part: 1 });
  });
});
