/**
 * Pyth Hermes's SSE price stream (`/v2/updates/price/stream`, ./pyth-messages.ts), kept open by
 * ./reconnecting.ts: Hermes ends a stream after 24 hours, and a proxy or a network may end it at
 * any time. Read with `fetch` (no EventSource in Node) and split into events by
 * eventsource-parser; each event's data is one price update.
 */
import { createParser } from 'eventsource-parser';
import { hermesHeaders, type PythPrice, parseUpdate } from './pyth-messages.ts';
import { type KeepOptions, KeptConnection } from './reconnecting.ts';

export interface HermesStats {
  events: number;
  malformed: number;
  lastEventAt: number | null;
}

export class HermesStream {
  readonly stats: HermesStats = { events: 0, malformed: 0, lastEventAt: null };
  private readonly kept: KeptConnection;

  constructor(
    url: string,
    apiKey: string | null,
    onPrices: (prices: PythPrice[], receivedAt: number) => void,
    options: KeepOptions = {},
  ) {
    const now = options.now ?? Date.now;
    this.kept = new KeptConnection((events) => {
      const abort = new AbortController();
      const parser = createParser({
        onEvent: (event) => {
          const prices = parseUpdate(event.data);
          if (prices.length === 0) {
            this.stats.malformed += 1;
            return;
          }
          this.kept.delivered();
          const receivedAt = now();
          this.stats.events += 1;
          this.stats.lastEventAt = receivedAt;
          onPrices(prices, receivedAt);
        },
        // Comments are Hermes's keep-alives: the stream is alive, nothing to parse.
        onComment: () => events.heard(),
      });
      (async () => {
        const response = await fetch(url, { headers: hermesHeaders(apiKey), signal: abort.signal });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        events.opened();
        const decoder = new TextDecoder();
        for await (const chunk of response.body) {
          events.heard();
          parser.feed(decoder.decode(chunk, { stream: true }));
        }
        return 'ended';
      })().then(
        (detail) => events.closed(detail),
        (error: unknown) => events.closed(abort.signal.aborted ? 'closed' : String((error as Error).message)),
      );
      return { close: () => abort.abort() };
    }, options);
  }

  get connections(): number {
    return this.kept.connections;
  }

  start(): void {
    this.kept.start();
  }

  stop(): void {
    this.kept.stop();
  }
}
