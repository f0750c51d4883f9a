/**
 * Pyth Hermes's SSE price stream (`/v2/updates/price/stream`, ./pyth-messages.ts), kept open by
 * ./reconnecting.ts: Hermes ends a stream after 24 hours, and a proxy or a network may end it at
 * any time. Read with `fetch` (no EventSource in Node) and split into events by
 * eventsource-parser; each event's data is one price update.
 */
import { createParser } from 'eventsource-parser';
import { hermesHeaders, type PythPrice, parseUpdate } from './pyth-messages.ts';
import { deliverer, type KeepOptions, KeptConnection, KeptStream } from './reconnecting.ts';

export class HermesStream extends KeptStream {
  protected readonly kept: KeptConnection;

  constructor(
    url: string,
    apiKey: string | null,
    onPrices: (prices: PythPrice[], receivedAt: number) => void,
    options: KeepOptions = {},
  ) {
    super();
    this.kept = new KeptConnection((events) => {
      const abort = new AbortController();
      const parser = createParser({
        onEvent: (event) => {
          const prices = parseUpdate(event.data);
          deliver(prices.length > 0 ? prices : null);
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
    const deliver = deliverer(this.kept, this.stats, options.now ?? Date.now, onPrices);
  }
}
