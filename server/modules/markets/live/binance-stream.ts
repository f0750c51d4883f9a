/**
 * One combined-stream connection to a Binance-format exchange (./binance-messages.ts), kept open
 * by ./reconnecting.ts: the exchange ends every connection after 24 hours and may drop one at any
 * time. The platform answers the server's pings itself (the WebSocket client does), as the
 * exchange asks.
 *
 * What arrives is handed on parsed; what cannot be parsed is counted and skipped. Ordering,
 * duplicates and wild prints are the guard's business (./feed-guard.ts), not the stream's.
 */
import { type BinanceMessage, parseCombined } from './binance-messages.ts';
import { deliverer, type KeepOptions, KeptConnection, KeptStream } from './reconnecting.ts';

export class BinanceStream extends KeptStream {
  protected readonly kept: KeptConnection;

  constructor(
    url: string,
    onMessage: (message: BinanceMessage, receivedAt: number) => void,
    options: KeepOptions = {},
  ) {
    super();
    this.kept = new KeptConnection((events) => {
      const socket = new WebSocket(url);
      socket.addEventListener('open', () => events.opened());
      socket.addEventListener('message', (event) => {
        events.heard();
        deliver(typeof event.data === 'string' ? parseCombined(event.data) : null);
      });
      socket.addEventListener('close', (event) => events.closed(`code ${event.code}`));
      // An error is followed by close; listening keeps it from being thrown.
      socket.addEventListener('error', () => undefined);
      return { close: () => socket.close() };
    }, options);
    const deliver = deliverer(this.kept, this.stats, options.now ?? Date.now, onMessage);
  }
}
