/**
 * One combined-stream connection to a Binance-format exchange (./binance-messages.ts), kept open:
 * the exchange ends every connection after 24 hours and may drop one at any time, so the stream
 * reconnects by itself with exponential backoff and jitter, and a connection that goes silent (a
 * frozen stream) is closed and replaced. The platform answers the server's pings itself (the
 * WebSocket client does), as the exchange asks.
 *
 * What arrives is handed on parsed; what cannot be parsed is counted and skipped. Ordering,
 * duplicates and wild prints are the guard's business (./feed-guard.ts), not the stream's.
 */
import { type BinanceMessage, parseCombined } from './binance-messages.ts';

export interface Backoff {
  /** The first retry waits about this long. */
  baseMs: number;
  /** No retry waits longer. */
  maxMs: number;
}

export interface StreamOptions {
  url: string;
  onMessage(message: BinanceMessage, receivedAt: number): void;
  /** Told of every connection change, for the log and `admin markets status`. */
  onState?(state: 'open' | 'closed', detail: string): void;
  backoff?: Backoff;
  /** A connection with nothing received for this long is taken for frozen and replaced. */
  silenceMs?: number;
  /** A connection is renewed before this age (the exchange cuts it at 24 hours). */
  maxConnectionMs?: number;
  now?: () => number;
  random?: () => number;
}

export interface StreamStats {
  messages: number;
  malformed: number;
  connections: number;
  lastMessageAt: number | null;
}

const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 30_000 };

/** The wait before retry `attempt` (0-based): doubling from base to max, then "equal jitter". */
export function retryDelay(attempt: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export class BinanceStream {
  readonly stats: StreamStats = { messages: 0, malformed: 0, connections: 0, lastMessageAt: null };
  private socket: WebSocket | null = null;
  private attempt = 0;
  private stopped = true;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private openedAt = 0;
  private heardAt = 0;

  private readonly options: StreamOptions;

  constructor(options: StreamOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.watchdog) clearInterval(this.watchdog);
    this.retry = null;
    this.watchdog = null;
    this.socket?.close();
    this.socket = null;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private connect(): void {
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.stats.connections += 1;
      this.openedAt = this.now();
      this.heardAt = this.openedAt;
      this.options.onState?.('open', this.options.url.split('?')[0] ?? '');
    });
    socket.addEventListener('message', (event) => {
      const receivedAt = this.now();
      this.heardAt = receivedAt;
      const message = typeof event.data === 'string' ? parseCombined(event.data) : null;
      if (!message) {
        this.stats.malformed += 1;
        return;
      }
      // A connection that delivers is a good one: the next drop starts the backoff afresh.
      this.attempt = 0;
      this.stats.messages += 1;
      this.stats.lastMessageAt = receivedAt;
      this.options.onMessage(message, receivedAt);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onState?.('closed', `code ${event.code}`);
      this.scheduleReconnect();
    });
    // An error is followed by close; nothing else to do here but keep it from being thrown.
    socket.addEventListener('error', () => undefined);
    this.watch();
  }

  /** Closes a connection that went silent or grew old; its close event reconnects. */
  private watch(): void {
    if (this.watchdog) return;
    const silence = this.options.silenceMs ?? 30_000;
    const maxAge = this.options.maxConnectionMs ?? 23 * 3_600_000 + 50 * 60_000;
    this.watchdog = setInterval(
      () => {
        const socket = this.socket;
        if (!socket || socket.readyState !== WebSocket.OPEN) return;
        const now = this.now();
        if (now - this.heardAt > silence || now - this.openedAt > maxAge) socket.close(4000, 'renew');
      },
      Math.max(10, Math.min(silence, 1_000) / 2),
    );
    this.watchdog.unref?.();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = retryDelay(
      this.attempt,
      this.options.backoff ?? DEFAULT_BACKOFF,
      this.options.random ?? Math.random,
    );
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) this.connect();
    }, delay);
  }
}
