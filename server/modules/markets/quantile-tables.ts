/**
 * Quantile tables of the normal and exponential distributions, read by the session generator
 * (sfc32.ts): an interpolated look-up costs far less than computing each variate's quantile.
 */

// Acklam's rational approximation of the inverse normal distribution (relative error 1e-9).
const ACKLAM_A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
] as const;
const ACKLAM_B = [
  -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
] as const;
const ACKLAM_C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
] as const;
const ACKLAM_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416] as const;

function inverseNormal(p: number): number {
  const [a0, a1, a2, a3, a4, a5] = ACKLAM_A;
  const [b0, b1, b2, b3, b4] = ACKLAM_B;
  const [c0, c1, c2, c3, c4, c5] = ACKLAM_C;
  const [d0, d1, d2, d3] = ACKLAM_D;
  const tail = (q: number): number =>
    (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

// The minute walk draws millions of variates for deep history: it reads them from tables of the
// normal and exponential quantiles at 65,537 points, interpolated with the low 16 bits.
const TABLE_POINTS = 65_537;
export const NORMAL_TABLE = new Float64Array(TABLE_POINTS);
export const EXPONENTIAL_TABLE = new Float64Array(TABLE_POINTS);
for (let i = 0; i < TABLE_POINTS; i++) {
  const p = (i + 0.5) / TABLE_POINTS;
  NORMAL_TABLE[i] = inverseNormal(p);
  EXPONENTIAL_TABLE[i] = -Math.log(p);
}

export function fromTable(table: Float64Array, bits: number): number {
  const i = bits >>> 16;
  const low = table[i] ?? 0;
  return low + ((bits & 0xffff) / 65536) * ((table[i + 1] ?? low) - low);
}
