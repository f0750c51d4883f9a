/**
 * The sequential generator for the minutes of one session. A session's minute path is drawn in
 * order once, so a fast stream generator seeded per (seed, symbol, date) keeps it a pure function
 * of those, while the counter-based hashes (random-hashes.ts) serve the draws read one at a time.
 */
import { EXPONENTIAL_TABLE, fromTable, NORMAL_TABLE } from './quantile-tables.ts';
import { unit } from './random-hashes.ts';

/** sfc32 (Chris Doty-Humphrey's small fast chaotic generator), for the minutes of one session. */
export class Sfc32 {
  a: number;
  b: number;
  c: number;
  d = 1;

  constructor(a: number, b: number, c: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    for (let i = 0; i < 12; i++) this.bits();
  }

  bits(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  uniform(): number {
    return unit(this.bits());
  }

  normal(): number {
    return fromTable(NORMAL_TABLE, this.bits());
  }

  /** -ln(U) for a uniform U: an exponential variate with mean 1. */
  exponential(): number {
    return fromTable(EXPONENTIAL_TABLE, this.bits());
  }
}
