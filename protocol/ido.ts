/**
 * The IDO launchpad: 10060 list by phase, 10062 details, 10063 subscribe, 10064 my positions
 * (docs/ido.md). The allocation arithmetic lives here, exact on integers, so the numbers a screen
 * shows and the ones the server settles are the same function.
 *
 * Allocation is PancakeSwap IFO v2's overflow sale: when the shares subscribed ask for more tokens
 * than are offered, each user wins offering x (own / total), floored to the token's precision;
 * otherwise each wins what was asked. The user pays won x price (rounded up to USDT's precision;
 * the part of a unit above the exact price is the house's dust, kept in its own account) and the
 * rest of the frozen USDT returns.
 */
import * as v from 'valibot';
import { compare, exact, fmt, ROUND_DOWN, ROUND_UP, rounded } from './money.ts';
import { paging, requestId } from './validation.ts';

export const IDO_PHASES = ['coming_soon', 'ongoing', 'ended', 'issued'] as const;
export type IdoPhase = (typeof IDO_PHASES)[number];

/** USDT's precision: what subscriptions are frozen and refunded in. */
export const QUOTE_PRECISION = 6;

export interface IdoOffering {
  id: number;
  /** The token's coin symbol. */
  token: string;
  name: string;
  precision: number;
  /** USDT per token. */
  price: string;
  /** Tokens offered in total. */
  offering: string;
  /** Tokens per share. */
  shareSize: string;
  /** USDT per share: share size x price. */
  sharePrice: string;
  minShares: number;
  maxShares: number;
  startTime: number;
  endTime: number;
  releaseTime: number;
  description: string;
  phase: IdoPhase;
  /** Tokens asked for by all subscriptions so far. */
  subscribed: string;
  participants: number;
  /** offering / subscribed capped at 1, in percent to 2 decimals; null before the end. */
  winningRate: string | null;
  /** Tokens released to winners; null before issue. */
  issued: string | null;
}

export interface IdoPosition {
  offeringId: number;
  token: string;
  name: string;
  phase: IdoPhase;
  shares: number;
  /** USDT subscribed (frozen at subscription). */
  subscribedAmount: string;
  /** Tokens asked for. */
  subscribedTokens: string;
  /** Tokens won; null before the end. */
  won: string | null;
  /** USDT paid for the tokens won; null before the end. */
  consumed: string | null;
  /** USDT still frozen: all of it before the end, none after. */
  frozen: string;
  /** USDT returned at the end; null before. */
  refunded: string | null;
  /** won / asked, percent to 2 decimals; null before the end. */
  personalRate: string | null;
  releaseTime: number;
  /** Milliseconds until the next phase change that matters to the user (end, then release); 0 after. */
  remainingMs: number;
}

const id = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number));

export const idoListRequest = v.object({
  phase: v.optional(v.picklist(IDO_PHASES)),
  ...paging(),
});

export const idoDetailsRequest = v.object({ id });

export const subscribeRequest = v.object({
  offeringId: id,
  /** Whole shares only: 0, fractions, signs and exponents are refused. */
  shares: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,5}$/), v.transform(Number)),
  requestId,
});
export type SubscribeRequest = v.InferOutput<typeof subscribeRequest>;

export const positionsRequest = v.object({
  ...paging(),
});

// ---------------------------------------------------------------------------------------------
// Arithmetic.

/** shares x size: tokens asked for. */
export function tokensFor(shares: number, shareSize: string): string {
  return fmt(exact(shareSize).times(shares));
}

/** tokens x price rounded up to `precision` (what is frozen, or paid, in USDT). */
export function costOf(tokens: string, price: string, precision = QUOTE_PRECISION): string {
  return rounded(exact(tokens).times(price), precision, ROUND_UP);
}

/** tokens x price rounded down to `precision`: the exact part of a payment the seller keeps. */
export function exactCostDown(tokens: string, price: string, precision = QUOTE_PRECISION): string {
  return rounded(exact(tokens).times(price), precision, ROUND_DOWN);
}

export interface Allocation {
  /** Tokens won, floored to the token's precision. */
  won: string;
  /** USDT paid: won x price rounded up to USDT's precision, never above what was frozen. */
  consumed: string;
  /** USDT returned: frozen - consumed. */
  refund: string;
}

/**
 * One user's allocation: asked `asked` tokens with `frozen` USDT, all users together asked
 * `total` for an `offering`. Over-subscribed: won = floor(offering x asked / total); else
 * won = asked.
 */
export function allocate(
  asked: string,
  frozen: string,
  total: string,
  offering: string,
  price: string,
  precision: number,
): Allocation {
  const [a, t, o] = [exact(asked), exact(total), exact(offering)];
  const won = rounded(t.greaterThan(o) ? o.times(a).dividedBy(t) : a, precision, ROUND_DOWN);
  const paid = costOf(won, price);
  // The frozen amount was asked x price rounded up; won <= asked, so paid <= frozen.
  const consumed = compare(paid, frozen) > 0 ? frozen : paid;
  return { won, consumed, refund: fmt(exact(frozen).minus(consumed)) };
}

/** offering / subscribed capped at 1, in percent, rounded down to 2 decimals; 100 when none asked. */
export function winningRateOf(offering: string, subscribed: string): string {
  const t = exact(subscribed);
  if (t.isZero()) return '100';
  const rate = exact(offering).dividedBy(t);
  return rounded((rate.greaterThan(1) ? exact(1) : rate).times(100), 2, ROUND_DOWN);
}

/** won / asked in percent, rounded down to 2 decimals. */
export function personalRateOf(won: string, asked: string): string {
  const a = exact(asked);
  if (a.isZero()) return '0';
  return rounded(exact(won).times(100).dividedBy(a), 2, ROUND_DOWN);
}

/** The phase an offering is in at `now` by its times alone (the job also needs it funded to open). */
export function phaseAt(
  times: { startTime: number; endTime: number; releaseTime: number },
  now: number,
): IdoPhase {
  if (now < times.startTime) return 'coming_soon';
  if (now < times.endTime) return 'ongoing';
  if (now < times.releaseTime) return 'ended';
  return 'issued';
}
