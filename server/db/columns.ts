/**
 * Column kinds the schema repeats. Money is NUMERIC(38,18) everywhere (docs/ledger.md): amounts,
 * prices, rates and balances travel as decimal strings and are never floats, and one precision
 * means a value read from one table fits every other.
 */
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  integer,
  numeric,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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
 * The wallet a user's row belongs to (`user`): its address in lowercase, as the services write it
 * and look it up (`wallet.toLowerCase()`).
 */
export const userWallet = () => text('user').notNull();

/** When the row last changed: the operator's configuration rows and the caches a job rewrites. */
export const updatedAt = () => at('updated_at').notNull().defaultNow();

/** Where an operator-listed row stands in its list (lower first); new rows stand first. */
export const sortOrder = () => integer('sort').notNull().default(0);

/** Whether the operator has the row switched on; a new row is on. */
export const enabledFlag = () => boolean('enabled').notNull().default(true);

/** A percent with four decimals (a plan's APR, a machine's boost). */
export const percent = (name: string) => numeric(name, { precision: 10, scale: 4 });

/**
 * A column naming a row of another table by its serial id (`serialId`), required. `onDelete`
 * where the row goes with the one it names.
 */
export const rowRef = (name: string, target: () => AnyPgColumn, actions?: { onDelete: 'cascade' }) =>
  bigint(name, { mode: 'number' }).notNull().references(target, actions);

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
