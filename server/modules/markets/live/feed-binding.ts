/**
 * An instrument's feed as the operator writes it (`admin config feed`) and the database keeps it:
 * `binance:<SYMBOL>` for an exchange's symbol, `pyth:<64 hex digits>` for an oracle's feed id.
 */
import { asc } from 'drizzle-orm';
import { trimNumeric } from '../../../../protocol/money.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { instrumentFeeds } from '../markets.schema.ts';
import type { GuardRules } from './feed-guard.ts';
import { feedId } from './pyth-messages.ts';

export type FeedBinding = { kind: 'binance'; remote: string } | { kind: 'pyth'; id: string };

export interface LiveBinding extends GuardRules {
  feed: FeedBinding;
  /** The operator's extra spread in price units, half on each side. */
  markup: string;
}

export function parseFeed(text: string): FeedBinding | null {
  const [kind, value = ''] = text.split(':', 2);
  if (kind === 'binance' && /^[A-Z0-9]{2,20}$/.test(value)) return { kind: 'binance', remote: value };
  const id = kind === 'pyth' ? feedId(value) : null;
  return id ? { kind: 'pyth', id } : null;
}

export function formatFeed(feed: FeedBinding): string {
  return feed.kind === 'binance' ? `binance:${feed.remote}` : `pyth:${feed.id}`;
}

/** Every instrument's live binding; a row whose feed no longer parses is left out (and stays simulated). */
export async function readBindings(db: DbOrTx): Promise<Map<string, LiveBinding>> {
  const rows = await db.select().from(instrumentFeeds).orderBy(asc(instrumentFeeds.symbol));
  const bindings = new Map<string, LiveBinding>();
  for (const row of rows) {
    const feed = parseFeed(row.feed);
    if (feed)
      bindings.set(row.symbol, {
        feed,
        markup: trimNumeric(row.markup),
        staleAfterMs: row.staleMs,
        maxJumpPercent: trimNumeric(row.maxJumpPercent),
      });
  }
  return bindings;
}
