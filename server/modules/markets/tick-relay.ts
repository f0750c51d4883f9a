/**
 * How quotes travel between processes on PostgreSQL: the market producer sends them by NOTIFY on
 * TICK_CHANNEL, every process (the producer too) receives them there and streams them to its own
 * clients. On a live source the processes that do not hold the upstream connections also price
 * from what they received, and treat a quote as delayed once the relay has been quiet for
 * RELAY_STALE_MS, so that no process fills, triggers or quotes at a price the producer may no
 * longer have (docs/markets.md, "Live feeds").
 */
import type { Quote } from '../../../protocol/markets.ts';
import type { Database } from '../../db/client.ts';
import { noQuoteYet } from './feed.ts';

/** The channel every process listens on. */
export const TICK_CHANNEL = 'meridian_ticks';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const NOTIFY_MAX_BYTES = 7_900;
/**
 * A relayed live quote older than this is treated as delayed. The producer sends every
 * instrument's quote each second as well as each upstream change as it comes.
 */
export const RELAY_STALE_MS = 5_000;

/** Sends `quotes` to every process in as few payloads under 8 kB as they fit in. */
export async function sendQuotes(database: Database, quotes: readonly Quote[]): Promise<void> {
  let batch: string[] = [];
  let size = 2;
  for (const quote of quotes.map((q) => JSON.stringify(q))) {
    if (batch.length > 0 && size + quote.length + 1 > NOTIFY_MAX_BYTES) {
      await database.notify(TICK_CHANNEL, `[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(quote);
    size += quote.length + 1;
  }
  if (batch.length > 0) await database.notify(TICK_CHANNEL, `[${batch.join(',')}]`);
}

/** The quotes of one payload; none when it is not a list (nothing but the producer sends here). */
export function quotesOf(payload: string): Quote[] {
  try {
    const quotes: unknown = JSON.parse(payload);
    return Array.isArray(quotes) ? (quotes as Quote[]) : [];
  } catch {
    return [];
  }
}

/** What a process that does not hold the upstream connections last heard of each live quote. */
export class RelayedQuotes {
  readonly #last = new Map<string, { quote: Quote; at: number }>();

  remember(quote: Quote, at: number): void {
    this.#last.set(quote.symbol, { quote, at });
  }

  /** The last relayed quote, halted (`delayedSince`) when the relay has gone quiet. */
  quote(symbol: string, now: number): Quote {
    const relayed = this.#last.get(symbol);
    if (!relayed) return noQuoteYet(symbol);
    if (now - relayed.at <= RELAY_STALE_MS) return relayed.quote;
    const { delayedSince, ...quote } = relayed.quote;
    return { ...quote, open: false, delayedSince: delayedSince ?? relayed.at + RELAY_STALE_MS };
  }
}
