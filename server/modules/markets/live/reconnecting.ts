/**
 * Keeps one upstream connection open (an exchange's WebSocket, an oracle's SSE stream): when it
 * ends, a new one is opened after an exponential backoff with jitter; one that has been silent too
 * long (a frozen stream) or has grown too old (upstreams cut connections at 24 hours) is closed
 * and replaced. What the connection carries is the caller's business; this only keeps it alive.
 */

export interface Backoff {
  /** The first retry waits about this long. */
  baseMs: number;
  /** No retry waits longer. */
  maxMs: number;
}

/** What one connection tells its keeper. */
export interface ConnectionEvents {
  opened(): void;
  /** Something arrived (a message, a comment, a keep-alive). */
  heard(): void;
  /** The connection ended, once, whatever the reason. */
  closed(detail: string): void;
}

/** Opens one connection and returns how to close it. */
export type Connect = (events: ConnectionEvents) => { close(): void };

export interface KeepOptions {
  backoff?: Backoff;
  /** A connection with nothing received for this long is taken for frozen and replaced. */
  silenceMs?: number;
  /** A connection is renewed before this age. */
  maxConnectionMs?: number;
  onState?(state: 'open' | 'closed', detail: string): void;
  now?: () => number;
  random?: () => number;
}

const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 30_000 };
const DEFAULT_MAX_AGE = 23 * 3_600_000 + 50 * 60_000;

/** The wait before retry `attempt` (0-based): doubling from base to max, then "equal jitter". */
export function retryDelay(attempt: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export class KeptConnection {
  /** Connections opened so far. */
  connections = 0;
  private readonly connect: Connect;
  private readonly options: KeepOptions;
  private current: { close(): void } | null = null;
  private generation = 0;
  private attempt = 0;
  private stopped = true;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private openedAt = 0;
  private heardAt = 0;

  constructor(connect: Connect, options: KeepOptions = {}) {
    this.connect = connect;
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
    const silence = this.options.silenceMs ?? 30_000;
    const maxAge = this.options.maxConnectionMs ?? DEFAULT_MAX_AGE;
    this.watchdog = setInterval(
      () => {
        if (this.openedAt === 0) return;
        const now = this.now();
        if (now - this.heardAt > silence || now - this.openedAt > maxAge) this.current?.close();
      },
      Math.max(10, Math.min(silence, 1_000) / 2),
    );
    this.watchdog.unref?.();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.watchdog) clearInterval(this.watchdog);
    this.retry = null;
    this.watchdog = null;
    this.generation += 1;
    this.current?.close();
    this.current = null;
  }

  /** A connection that delivers is a good one: the next drop starts the backoff afresh. */
  delivered(): void {
    this.attempt = 0;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private open(): void {
    const generation = ++this.generation;
    const mine = () => generation === this.generation;
    this.openedAt = 0;
    this.current = this.connect({
      opened: () => {
        if (!mine()) return;
        this.connections += 1;
        this.openedAt = this.now();
        this.heardAt = this.openedAt;
        this.options.onState?.('open', '');
      },
      heard: () => {
        if (mine()) this.heardAt = this.now();
      },
      closed: (detail) => {
        if (!mine()) return;
        this.current = null;
        this.openedAt = 0;
        this.options.onState?.('closed', detail);
        this.scheduleRetry();
      },
    });
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const delay = retryDelay(
      this.attempt,
      this.options.backoff ?? DEFAULT_BACKOFF,
      this.options.random ?? Math.random,
    );
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) this.open();
    }, delay);
  }
}

/** What a stream has delivered and skipped, for the log and the operator. */
export interface DeliveryStats {
  delivered: number;
  malformed: number;
  lastDeliveredAt: number | null;
}

/**
 * The one way a stream hands on what it parsed: null (unparseable) is counted and skipped; a
 * message is counted, resets the connection's backoff, and goes to `deliver` with its arrival time.
 */
export function deliverer<T>(
  kept: KeptConnection,
  stats: DeliveryStats,
  now: () => number,
  deliver: (message: T, receivedAt: number) => void,
): (message: T | null) => void {
  return (message) => {
    if (message === null) {
      stats.malformed += 1;
      return;
    }
    kept.delivered();
    const receivedAt = now();
    stats.delivered += 1;
    stats.lastDeliveredAt = receivedAt;
    deliver(message, receivedAt);
  };
}

/** A stream over one kept connection: its counts, and start and stop. */
export abstract class KeptStream {
  readonly stats: DeliveryStats = { delivered: 0, malformed: 0, lastDeliveredAt: null };
  protected abstract readonly kept: KeptConnection;

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
