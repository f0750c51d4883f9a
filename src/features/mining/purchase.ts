/**
 * The numbers a purchase sheet shows before the user confirms, from the same functions the server
 * promises with (protocol/mining.ts), and the client's own check of the count typed in.
 */
import {
  addDays,
  firstDayOf,
  holdingOutput,
  type MiningMachine,
  purchaseCost,
  reservedOutput,
} from '../../../protocol/mining.ts';
import { compare, exact, ROUND_DOWN, rounded } from '../../../protocol/money.ts';

export interface PurchaseSummary {
  rent: string;
  fee: string;
  total: string;
  /** Output a day at today's estimate. */
  daily: string;
  /** Output over the whole cycle at today's estimate: what the pool reserves. */
  cycleOutput: string;
  /** That output at today's USDT price, or null without one. */
  cycleValue: string | null;
  firstDay: string;
  lastDay: string;
}

export function purchaseSummary(
  m: MiningMachine,
  units: number,
  precision: number,
  now: number,
): PurchaseSummary {
  const cost = purchaseCost(m.rent, m.serviceFee, units);
  const daily = holdingOutput(m.estimatedDailyOutput, units, m.joint ? m.shares : 1, precision);
  const cycleOutput = reservedOutput(daily, m.cycleDays);
  const cycleValue = m.price === null ? null : rounded(exact(cycleOutput).times(m.price), 2, ROUND_DOWN);
  const firstDay = firstDayOf(now, m.startTime);
  return { ...cost, daily, cycleOutput, cycleValue, firstDay, lastDay: addDays(firstDay, m.cycleDays - 1) };
}

export type PurchaseProblem =
  | { key: 'errors.field_required' | 'errors.field_invalid' }
  | { key: 'errors.purchase_below_minimum'; num: number }
  | { key: 'errors.purchase_above_available'; max: number }
  | { key: 'errors.machine_sold_out' }
  | { key: 'errors.insufficient_balance' };

/** What is wrong with buying `typed` steps, or null; `available` is the USDT balance when known. */
export function checkPurchase(
  m: MiningMachine,
  typed: string,
  balance: string | null,
): PurchaseProblem | null {
  if (m.soldOut) return { key: 'errors.machine_sold_out' };
  if (typed === '') return { key: 'errors.field_required' };
  if (!/^[1-9][0-9]{0,5}$/.test(typed)) return { key: 'errors.field_invalid' };
  const units = Number(typed);
  if (units < m.minPurchase) return { key: 'errors.purchase_below_minimum', num: m.minPurchase };
  if (units > m.available) return { key: 'errors.purchase_above_available', max: m.available };
  if (balance !== null && compare(purchaseCost(m.rent, m.serviceFee, units).total, balance) > 0)
    return { key: 'errors.insufficient_balance' };
  return null;
}

/** The most steps the user can buy now: what is available, and what the balance pays for. */
export function maxAffordable(m: MiningMachine, balance: string | null): number {
  if (balance === null) return m.available;
  const step = exact(purchaseCost(m.rent, m.serviceFee, 1).total);
  if (step.isZero()) return m.available;
  const byBalance = exact(balance).dividedBy(step).toDecimalPlaces(0, ROUND_DOWN);
  return byBalance.lessThan(m.available) ? byBalance.toNumber() : m.available;
}
