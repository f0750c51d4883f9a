/**
 * The market producer's view of every instrument's feed, kept in `feed_status` for
 * `admin markets status`: where its prices come from, whether they are live, halted, closed or
 * not there yet, and the age of the last tick.
 */
import { sql } from 'drizzle-orm';
import type { Quote } from '../../../protocol/markets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { feedStatus } from './markets.schema.ts';

export type FeedState = 'live' | 'halted' | 'closed' | 'waiting';

export function stateOf(quote: Quote): FeedState {
  if (quote.at === 0) return 'waiting';
  if (quote.delayedSince !== undefined) return 'halted';
  return quote.open ? 'live' : 'closed';
}

export async function recordFeedStatus(
  db: DbOrTx,
  rows: readonly { quote: Quote; source: string }[],
  now: number,
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(({ quote, source }) => ({
    symbol: quote.symbol,
    source,
    state: stateOf(quote),
    lastTickAt: quote.at > 0 ? new Date(quote.at) : null,
    delayedSince: quote.delayedSince ? new Date(quote.delayedSince) : null,
    updatedAt: new Date(now),
  }));
  await db
    .insert(feedStatus)
    .values(values)
    .onConflictDoUpdate({
      target: feedStatus.symbol,
      set: {
        source: sql`excluded.source`,
        state: sql`excluded.state`,
        lastTickAt: sql`excluded.last_tick_at`,
        delayedSince: sql`excluded.delayed_since`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
