/**
 * A live feed's stream under test against a local server that speaks its upstream's protocol
 * (fixture-exchange.ts, fixture-hermes.ts): a fresh server before each test, and after it the
 * stream stopped and the server closed. What the stream delivers gathers in `received`; its
 * retries are quick (20 to 80 ms) so that a reconnect takes milliseconds.
 */
import { afterEach, beforeEach } from 'vitest';

export interface StreamOptions {
  backoff: { baseMs: number; maxMs: number };
  silenceMs: number;
}

export interface FixtureStream<F, S, M> {
  /** This test's server. */
  readonly server: F;
  readonly received: M[];
  /** Starts the stream; it takes a connection for frozen after `silenceMs` without a message. */
  follow(silenceMs?: number): S;
}

export function fixtureStreamPerTest<
  F extends { close(): Promise<void> },
  S extends { start(): void; stop(): void },
  M,
>(
  startServer: () => Promise<F>,
  open: (server: F, deliver: (message: M) => void, options: StreamOptions) => S,
): FixtureStream<F, S, M> {
  let server: F | null = null;
  let stream: S | null = null;
  const received: M[] = [];
  beforeEach(async () => {
    server = await startServer();
    received.length = 0;
  });
  afterEach(async () => {
    stream?.stop();
    stream = null;
    await server?.close();
  });
  const current = (): F => {
    if (!server) throw new Error('the fixture server starts before each test');
    return server;
  };
  return {
    get server() {
      return current();
    },
    received,
    follow(silenceMs = 60_000) {
      stream = open(current(), (message) => received.push(message), {
        backoff: { baseMs: 20, maxMs: 80 },
        silenceMs,
      });
      stream.start();
      return stream;
    },
  };
}
