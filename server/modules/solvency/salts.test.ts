import { createCipheriv } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { newSaltKey, saltAt, saltsFrom } from './salts.ts';

describe("a snapshot's salts", () => {
  test('salt p is AES-256 of the counter p under the key (ECB of one block, computed apart)', () => {
    const key = newSaltKey();
    for (const position of [0, 1, 255, 256, 65_535, 1_000_003]) {
      const block = Buffer.alloc(16);
      block.writeUIntBE(position, 10, 6);
      const ecb = createCipheriv('aes-256-ecb', Buffer.from(key, 'hex'), null).setAutoPadding(false);
      expect(saltAt(key, position)).toBe(ecb.update(block).toString('hex'));
    }
  });

  test('property: the whole run and each salt alone agree, and no two salts are alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), (count) => {
        const key = newSaltKey();
        const salts = saltsFrom(key, count);
        expect(salts).toHaveLength(count);
        expect(new Set(salts).size).toBe(count);
        for (const position of [0, count >> 1, count - 1])
          expect(saltAt(key, position)).toBe(salts[position]);
        expect(salts.every((salt) => /^[0-9a-f]{32}$/.test(salt))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  test('another key gives other salts', () => {
    expect(saltsFrom(newSaltKey(), 4)).not.toEqual(saltsFrom(newSaltKey(), 4));
  });
});
