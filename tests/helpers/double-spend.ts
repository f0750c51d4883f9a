/**
 * The 50-way double spend of a money code: a user funded for exactly `fundable` operations sends
 * 50 of them at once, each with its own requestId. Exactly `fundable` may be accepted, the balance
 * must end at zero, never below. The cost of one operation is learnt first from another user's
 * balance before and after one call, so the test needs no copy of the code's arithmetic.
 */
import { expect } from 'vitest';
import { dec, fmt } from '../../protocol/money.ts';

const PROBE_FUNDS = '100000';

export async function expectExactlyFundable<U>(options: {
  /** A new signed-in user credited with `amount` of the coin the operation spends. */
  user(amount: string): Promise<U>;
  /** One operation, with a new requestId each time. */
  attempt(user: U): Promise<{ respCode: string }>;
  /** The user's available balance of that coin. */
  available(user: U): Promise<string>;
  fundable?: number;
  tries?: number;
}): Promise<{ accepted: number; refused: string[] }> {
  const { fundable = 3, tries = 50 } = options;
  const probe = await options.user(PROBE_FUNDS);
  const before = dec(await options.available(probe));
  const first = await options.attempt(probe);
  expect(first.respCode).toBe('00000');
  const cost = before.minus(await options.available(probe));
  expect(cost.gt(0)).toBe(true);

  const racer = await options.user(fmt(cost.times(fundable)));
  const results = await Promise.all(Array.from({ length: tries }, () => options.attempt(racer)));
  const accepted = results.filter((r) => r.respCode === '00000').length;
  const refused = [...new Set(results.filter((r) => r.respCode !== '00000').map((r) => r.respCode))];
  expect(accepted).toBe(fundable);
  expect(dec(await options.available(racer)).isZero()).toBe(true);
  return { accepted, refused };
}
