/**
 * Index plans for the trigger engine's statements, whatever the table's statistics say. Their
 * parameters (a tick's prices, a burst's ids) are unknown to the planner, which then guesses a
 * third of the rows for a range and trusts statistics that lag a burst of new positions: measured
 * at 10,000 open positions (bench/trading.ts, 2026-12-02), it scanned every open position for the
 * stop-out rate branch and for the burst's close, with stale statistics and fresh ones alike, when
 * an index probe per instrument or per id reads only the due ones. Turned off for the rest of the
 * caller's transaction only (`set_config(..., true)`), as migration 0036 does for
 * `ledger_post_many`: a session that is pooled keeps its settings.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

export async function planByIndexes(tx: Tx): Promise<void> {
  await tx.execute(sql`
    select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
           set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
           set_config('enable_material', 'off', true)`);
}
