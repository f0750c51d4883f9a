/**
 * A small seeded pseudo-random generator (mulberry32): the same seed, the same sequence. Shared by
 * the model-based trading run (tests/model/trading-ops.ts) and the trading benchmark
 * (bench/trading-settings.ts), so two runs walk the same operations and prices.
 */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * The linear congruential generator (the C library's constants) the randomized tests draw from:
 * `below(n)` gives a whole number from 0 to n - 1 and `fraction()` one in [0, 1), both advancing
 * one sequence, the same for a seed on every run, so a failure repeats.
 */
export function lcg(seed: number): { below: (n: number) => number; fraction: () => number } {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return { below: (n) => next() % n, fraction: () => next() / 2 ** 31 };
}
