/** Lookups several operator commands make before they change anything: each failure is a usage error. */
import { eq } from 'drizzle-orm';
import { instruments } from '../modules/markets/markets.schema.ts';
import { type AdminContext, AdminUsageError } from './command.ts';

/**
 * The symbol, when it names a configured instrument; otherwise a usage error whose example
 * (`e.g. EURUSD`) each command chooses to fit what it does.
 */
export async function requireInstrument(
  db: AdminContext['db'],
  symbol: string,
  example: string,
): Promise<string> {
  const [known] = await db
    .select({ symbol: instruments.symbol })
    .from(instruments)
    .where(eq(instruments.symbol, symbol));
  if (!known) throw new AdminUsageError(`name a configured instrument, e.g. ${example}`);
  return symbol;
}
