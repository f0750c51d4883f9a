/**
 * Column kinds the schema repeats. Money is NUMERIC(38,18) everywhere (docs/ledger.md): amounts,
 * prices, rates and balances travel as decimal strings and are never floats, and one precision
 * means a value read from one table fits every other.
 */
import { bigserial, numeric, timestamp } from 'drizzle-orm/pg-core';
import { trimNumeric } from '../../protocol/money.ts';

/** An amount of money, a price or a rate: NUMERIC(38,18), read and written as a decimal string. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** The row's own id: a 64-bit serial, read as a JavaScript number. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A moment: TIMESTAMP WITH TIME ZONE, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/**
 * The NUMERIC columns `keys` of a row as the wire writes decimals ('1.500000' -> '1.5'), for the
 * mappers from a row to its answer.
 */
export function numericText<R extends Record<K, string>, K extends keyof R>(
  row: R,
  keys: readonly K[],
): { [P in K]: string } {
  const out = {} as { [P in K]: string };
  for (const key of keys) out[key] = trimNumeric(row[key]);
  return out;
}
