/**
 * Column kinds the schema repeats. Money is NUMERIC(38,18) everywhere (docs/ledger.md): amounts,
 * prices, rates and balances travel as decimal strings and are never floats, and one precision
 * means a value read from one table fits every other.
 */
import { numeric } from 'drizzle-orm/pg-core';

/** An amount of money, a price or a rate: NUMERIC(38,18), read and written as a decimal string. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
