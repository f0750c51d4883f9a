/**
 * Counter-based randomness for the simulated feed: 32-bit integer hashes of (key, day, counter),
 * so a draw depends only on what it is for, never on which draws came before it.
 */

function fmix(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** One draw's bits, keyed by three integers (an instrument's key, a date, a counter). */
export function hash3(a: number, b: number, c: number): number {
  return fmix(a ^ fmix(b ^ fmix(c ^ 0x9e3779b9)));
}

/** An instrument's 32-bit key, from the seed and its symbol. */
export function hashString(text: string, salt: number): number {
  let h = salt ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 13;
  }
  return fmix(h);
}

/** A uniform number in (0, 1) from 32 random bits. */
export function unit(bits: number): number {
  return (bits + 0.5) / 4294967296;
}

/** A standard normal variate from two draws (Box-Muller). */
export function gaussian(bitsA: number, bitsB: number): number {
  return Math.sqrt(-2 * Math.log(unit(bitsA))) * Math.cos(2 * Math.PI * unit(bitsB));
}
