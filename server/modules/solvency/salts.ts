/**
 * A snapshot's salts (docs/solvency.md, "Salts"): the salt of the leaf at position p is block p of
 * an AES-256-CTR keystream under a key drawn for that snapshot, as 32 hex digits. AES under a
 * secret key is a pseudorandom function, so each salt is as unguessable as a random one, and
 * knowing one's own salts tells nothing of the others'. Stored, 362,144 random salts were 11.6 MB
 * of a 100,000-user snapshot's 18 MB of leaf rows; derived, the snapshot stores 64 hex digits.
 * The key never leaves the server: a wallet is shown only the salts of its own leaves.
 */
import { createCipheriv, randomBytes } from 'node:crypto';

const SALT_BYTES = 16;

/** A fresh key for a snapshot's salts: 32 random bytes, hex. */
export const newSaltKey = (): string => randomBytes(32).toString('hex');

/** `count` salts' bytes from position `from` on: the keystream's blocks `from` to `from + count - 1`. */
function keystream(key: string, from: number, count: number): Buffer {
  // The counter block is the position, big-endian (OpenSSL counts the whole 128 bits up).
  const counter = Buffer.alloc(16);
  counter.writeUIntBE(from, 10, 6);
  const cipher = createCipheriv('aes-256-ctr', Buffer.from(key, 'hex'), counter);
  return Buffer.concat([cipher.update(Buffer.alloc(count * SALT_BYTES)), cipher.final()]);
}

/** The salts of positions 0 to `count` - 1, in order. */
export function saltsFrom(key: string, count: number): string[] {
  const bytes = keystream(key, 0, count);
  return Array.from({ length: count }, (_, i) => bytes.toString('hex', i * SALT_BYTES, (i + 1) * SALT_BYTES));
}

/** The salt of the leaf at `position`. */
export const saltAt = (key: string, position: number): string => keystream(key, position, 1).toString('hex');
