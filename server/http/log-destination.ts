/**
 * Where the server's log lines go: stdout, through Node's own stream, which never blocks the main
 * thread (docs/deployment.md, "Whatever became of stdout").
 *
 * Why not pino's default destination: it writes with sonic-boom and, at process exit, flushes what
 * is left with a synchronous loop that sleeps (Atomics.wait) 100 ms between attempts and retries
 * for ever, on EAGAIN (a full pipe nobody reads) and on any other error too (EPIPE). A process
 * whose reader stopped reading, or went away, then never finishes exiting: no timer can fire
 * while the main thread sleeps, and on PostgreSQL it keeps its connections and job locks.
 *
 * Node's stream writes at once what the pipe or socket takes (stdout is non-blocking for pipes and
 * sockets) and queues the rest in memory; process.exit never waits for that queue. So a reader
 * that reads gets every line (the stop waits, bounded, for the queue to empty before exiting),
 * and one that does not costs memory up to a bound, then dropped lines, never a stuck process.
 */
import type { Writable } from 'node:stream';

/** Past this much waiting output, new lines are dropped (and counted) rather than queued. */
export const MAX_PENDING_BYTES = 8 * 1024 * 1024;

export interface LogDestination {
  /** Queues `line` for the stream, or drops it when the stream is gone or too far behind. */
  write(line: string): void;
  /**
   * Resolves true once everything written so far has left the process, false when `ms` passed
   * first or the stream is gone: the stop path waits on this before exiting, never longer.
   */
  settled(ms: number): Promise<boolean>;
  /** Lines dropped so far (reset when a notice of them gets written). */
  readonly dropped: number;
  /** Whether the stream failed (EPIPE, a reset socket): nothing more is written to it. */
  readonly broken: boolean;
}

/** What the destination needs of a stream: process.stdout, or a Writable in tests. */
export type LineStream = Pick<Writable, 'write' | 'writableLength' | 'on'>;

export function streamDestination(
  stream: LineStream,
  options: { maxPendingBytes?: number } = {},
): LogDestination {
  const maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  let broken = false;
  let dropped = 0;
  // An 'error' (EPIPE once the reader closed, ECONNRESET on a socket) would otherwise be thrown
  // as an uncaught exception, from wherever the next write happens to be, in the middle of a stop.
  stream.on('error', () => {
    broken = true;
  });
  const send = (text: string): void => {
    try {
      stream.write(text);
    } catch {
      broken = true; // a stream already destroyed may throw rather than emit
    }
  };
  return {
    write(line) {
      if (broken || stream.writableLength + line.length > maxPending) {
        dropped += 1;
        return;
      }
      if (dropped > 0) {
        // Said once the reader caught up, in the log's own shape, so that a gap is never silent.
        const msg = `${dropped} log lines dropped: stdout did not take them`;
        send(`${JSON.stringify({ level: 40, time: Date.now(), msg })}\n`);
        dropped = 0;
      }
      send(line);
    },
    settled(ms) {
      const until = Date.now() + ms;
      return new Promise((resolve) => {
        // Polled: 'drain' is only emitted after a write returned false, and this runs once, at exit.
        const check = () => {
          if (broken) resolve(false);
          else if (stream.writableLength === 0) resolve(true);
          else if (Date.now() >= until) resolve(false);
          else setTimeout(check, 20);
        };
        check();
      });
    },
    get dropped() {
      return dropped;
    },
    get broken() {
      return broken;
    },
  };
}

/**
 * The server's destination: stdout. stderr gets an 'error' listener too, so that a closed stderr
 * (the server writes there only when it cannot start, Node for its warnings) never throws either.
 */
export function stdoutDestination(): LogDestination {
  process.stderr.on('error', () => {});
  return streamDestination(process.stdout);
}
