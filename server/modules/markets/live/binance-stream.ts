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
import { type KeepOptions, KeptConnection } from './reconnecting.ts';

export interface StreamStats {
  messages: number;
  malformed: number;
  lastMessageAt: number | null;
}

export class BinanceStream {
  readonly stats: StreamStats = { messages: 0, malformed: 0, lastMessageAt: null };
  private readonly kept: KeptConnection;

  constructor(
    url: string,
    onMessage: (message: BinanceMessage, receivedAt: number) => void,
    options: KeepOptions = {},
  ) {
    const now = options.now ?? Date.now;
    this.kept = new KeptConnection((events) => {
      const socket = new WebSocket(url);
      socket.addEventListener('open', () => events.opened());
      socket.addEventListener('message', (event) => {
        events.heard();
        const message = typeof event.data === 'string' ? parseCombined(event.data) : null;
        if (!message) {
          this.stats.malformed += 1;
          return;
        }
        this.kept.delivered();
        const receivedAt = now();
        this.stats.messages += 1;
        this.stats.lastMessageAt = receivedAt;
        onMessage(message, receivedAt);
      });
      socket.addEventListener('close', (event) => events.closed(`code ${event.code}`));
      // An error is followed by close; listening keeps it from being thrown.
      socket.addEventListener('error', () => undefined);
      return { close: () => socket.close() };
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
