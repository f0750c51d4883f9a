/**
 * How an upstream bid and ask become the platform's (docs/markets.md, "Live feeds"): each side
 * moves out by half the operator's markup spread (`markup` is a full spread in price units, as an
 * instrument's `spread` is) and is rounded away from the middle to the instrument's precision: the
 * bid down, the ask up. Null when the bid would not be positive.
 */
import { exact, ROUND_DOWN, ROUND_UP, rounded } from '../../../../protocol/money.ts';

export function widen(
  bid: string,
  ask: string,
  markup: string,
  precision: number,
): { bid: string; ask: string } | null {
  const half = exact(markup).dividedBy(2);
  const b = rounded(exact(bid).minus(half), precision, ROUND_DOWN);
  const a = rounded(exact(ask).plus(half), precision, ROUND_UP);
  return exact(b).greaterThan(0) ? { bid: b, ask: a } : null;
}
