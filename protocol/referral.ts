/**
 * Referral (docs/referral.md): 10009 binds an invitation code once, 100201 tells the inviter
 * their code, link, people invited and earnings. Commissions are shares of the fee revenue an
 * invitee generates (direct: the invitee's inviter; indirect: that inviter's inviter), rounded
 * down to the fee coin's precision, so together never more than the fee.
 */
import * as v from 'valibot';
import { inviteCode } from './account.ts';
import { compare, exact, ROUND_DOWN, rounded } from './money.ts';
import { paging, requestId } from './validation.ts';

export const bindInviteRequest = v.object({ inviteCode, requestId });
export type BindInviteRequest = v.InferOutput<typeof bindInviteRequest>;

export const referralRequest = v.object({
  ...paging(),
});

/** How much of a fee each level earns, in percent (at most 2 decimals; together at most 100). */
export interface ReferralShares {
  direct: string;
  indirect: string;
}

/** A person the user invited, directly (level 1) or through someone they invited (level 2). */
export interface Invitee {
  /** Shortened as docs/spec/product.md section 9 shortens long strings: an inviter never sees a whole address. */
  address: string;
  level: 1 | 2;
  /** Unix milliseconds. */
  joinedAt: number;
  /** What the user has earned from this person's fees, per coin. */
  earned: { coin: string; amount: string }[];
}

export interface ReferralEarnings {
  coin: string;
  direct: string;
  indirect: string;
}

export interface ReferralSummary {
  code: string;
  /** The invitation link: the app's home with the code, which login binds. */
  link: string;
  /** The inviter's address, shortened, or null when the user was not invited. */
  inviter: string | null;
  direct: number;
  indirect: number;
  shares: ReferralShares;
  earnings: ReferralEarnings[];
  invitees: { list: Invitee[]; total: number; page: number; size: number };
}

const SHARE = /^(0|[1-9][0-9]?|100)(\.[0-9]{1,2})?$/;

/** Whether `value` is a share in percent the operator may set (0 to 100, at most 2 decimals). */
export function isShare(value: string): boolean {
  return SHARE.test(value) && compare(value, '100') <= 0;
}

/** The commission a level earns from `fee` at `sharePercent`, rounded down to `precision` decimals. */
export function commissionOf(fee: string, sharePercent: string, precision: number): string {
  return rounded(exact(fee).times(sharePercent).dividedBy(100), precision, ROUND_DOWN);
}

/** The address as an inviter may see it: `0x52***9EE7`, as docs/spec/product.md section 9 shortens strings. */
export function maskAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 4)}***${address.slice(-4)}`;
}
