/**
 * The trigger engine (docs/spec/design.md section 7): every second, at the market engine's prices, pending
 * orders fill and positions close on stop loss, take profit or stop-out. One process per
 * deployment runs it (PostgreSQL advisory lock "TRD1"); each order is settled under its row lock
 * from the status it starts from, so a second run, or a user's close racing it, settles it once.
 */
import type { Database } from '../../db/client.ts';
import { PeriodicJob, underAdvisoryLock } from '../../jobs/periodic-job.ts';
import type { MarketEngine } from '../markets/index.ts';
import { pricesAt } from './prices.ts';
import type { Prices } from './trading.settlement.ts';
import { runTriggersOnce, TRIGGER_SETTINGS, type TriggerRun } from './trading.triggers.ts';

export const TRADING_LOCK_KEY = 0x54524431;

export async function runTriggers(
  database: Database,
  prices: Prices,
  now: number,
  onFailure?: (id: number, error: unknown) => void,
): Promise<TriggerRun & { ran: boolean }> {
  const run = await underAdvisoryLock(database, TRADING_LOCK_KEY, () =>
    runTriggersOnce(database.db, prices, now, {
      ...(onFailure ? { onFailure } : {}),
      ...TRIGGER_SETTINGS[database.kind],
    }),
  );
  return { ran: run.ran, ...(run.result ?? { filled: 0, closed: 0, cancelled: 0, failed: 0 }) };
}

export function tradingTriggerJob(
  database: Database,
  engine: MarketEngine,
  log: { error(obj: unknown, msg: string): void },
): PeriodicJob {
  return new PeriodicJob({
    name: 'trading triggers',
    everyMs: 1000,
    run: async (at) => {
      const now = at.getTime();
      const run = await runTriggers(database, await pricesAt(engine, now), now, (id, err) =>
        log.error({ err }, `trading: order ${id} not settled`),
      );
      return run.filled + run.closed + run.cancelled + run.failed > 0
        ? `${run.filled} filled, ${run.closed} closed, ${run.cancelled} cancelled for margin, ${run.failed} failed`
        : null;
    },
  });
}
