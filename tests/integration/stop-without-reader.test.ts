/**
 * A stopping process exits within 10 s whatever became of its stdout and stderr (issue #36 item 5):
 * a pipe nobody reads (its reader alive, or gone with the parent that started it), a reader that
 * closes its end (EPIPE), a socket closed under it. Once it has gone, PostgreSQL holds nothing
 * for it: no connection, no advisory lock (the job locks that would stop every other process's
 * jobs while a hung process kept them).
 *
 * Each case first makes the server write far more log than a pipe or socket buffer holds while
 * nobody reads, so the bytes are still waiting inside the process when it stops.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { postgresAvailable } from '../helpers/databases.ts';
import {
  exited,
  pgliteTarget,
  postgresHolds,
  postgresTarget,
  processAlive,
  processGoneWithin,
  ROOT,
  type ServerTarget,
  startServer,
} from '../helpers/server-process.ts';

/** The requirement itself: SIGTERM to gone. */
const EXIT_LIMIT_MS = 10_000;
/** Log written once nobody reads: pipes and sockets buffer a few hundred kB at most. */
const FLOOD_BYTES = 4 * 1024 * 1024;
/** Each request logs its path ('incoming request'), so a long path makes a long log line. */
const LONG_PATH = `/${'x'.repeat(8_000)}`;
/** How long after SIGTERM a reader closes its end: the server is stopping or at its last flush. */
const CLOSE_AFTER_MS = 1_000;

const targets = postgresAvailable ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests of LONG_PATH that make FLOOD_BYTES of log. */
const FLOOD_REQUESTS = Math.ceil(FLOOD_BYTES / LONG_PATH.length);

/** Sends FLOOD_REQUESTS requests, eight at a time. */
async function floodLog(url: string): Promise<void> {
  const count = FLOOD_REQUESTS;
  let sent = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent < count) {
        sent += 1;
        const response = await fetch(`${url}${LONG_PATH}`);
        await response.arrayBuffer();
      }
    }),
  );
}

/** Resolves with the URL once `from` has carried the server's "Meridian is running" line. */
function runningUrl(from: Readable): Promise<string> {
  let out = '';
  return new Promise((resolve, reject) => {
    from.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const match = /open (http:\/\/\S+?)\/?\n/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    from.once('end', () => reject(new Error(`the server's output ended before it ran: ${out}`)));
  });
}

/**
 * The parent of the report: starts the server detached, hands its pid (and, when it holds the
 * server's pipes itself, its URL) to the test, stops reading, and on a line on stdin sends
 * SIGTERM to the server's group and exits at once. With `inherit` the server writes to the
 * parent's own stdout, a pipe that outlives the parent and that the test no longer reads.
 */
const PARENT = `
import { spawn } from 'node:child_process';
const inherit = process.env.STOP_TEST_STDIO === 'inherit';
const server = spawn(process.execPath, ['server/main.ts'], {
  detached: true,
  stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
});
process.stdout.write('PARENT ' + JSON.stringify({ pid: server.pid }) + '\\n');
// A server that could not start ends the parent too, so that the test reads the end of its output.
server.once('exit', (code) => process.exit(code ?? 1));
if (!inherit) {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /open (http:\\/\\/\\S+?)\\/?\\n/.exec(out);
    if (match) {
      process.stdout.write('\\nMeridian is running: open ' + match[1] + '/\\n');
      server.stdout.pause();
    }
  });
  server.stderr.pause();
}
process.stdin.once('data', () => {
  process.kill(-server.pid, 'SIGTERM');
  process.exit(0);
});
`;

interface Running {
  pid: number;
  url: string;
  /** Sends SIGTERM (or has the parent send it); resolves at the moment it was asked. */
  terminate(): Promise<number>;
  /** Runs after SIGTERM, while the server stops: what each case does to its output. */
  afterTerm(): Promise<void>;
  release(): void;
}

type Case = (env: Record<string, string>) => Promise<Running>;

function streamsOf(child: ChildProcess): Readable[] {
  return [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
}

/** The test starts the server on pipes, reads until it runs, then never reads again. */
const fullPipe: Case = async (env) => {
  const server = await startServer(env);
  for (const stream of streamsOf(server.child)) stream.pause();
  return {
    pid: server.child.pid ?? 0,
    url: server.url,
    terminate: async () => {
      server.child.kill('SIGTERM');
      return Date.now();
    },
    afterTerm: async () => {},
    release: () => {
      for (const stream of streamsOf(server.child)) stream.destroy();
    },
  };
};

/** As fullPipe, and the reader closes its ends while the server stops: its writes meet EPIPE. */
const readerCloses: Case = async (env) => {
  const running = await fullPipe(env);
  return {
    ...running,
    afterTerm: async () => {
      await sleep(CLOSE_AFTER_MS);
      running.release();
    },
  };
};

/**
 * A named pipe, read by the test through its own descriptor: Node resumes the stdio streams of a
 * child that exits, so a pipe the test got from spawning the parent would be read again (drained)
 * the moment the parent is gone.
 */
function namedPipe(): { reader: net.Socket; writeFd: number; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-fifo-'));
  const file = path.join(dir, 'out');
  execFileSync('mkfifo', [file]);
  const readFd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeFd = openSync(file, constants.O_WRONLY);
  const reader = new net.Socket({ fd: readFd, readable: true, writable: false });
  return { reader, writeFd, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The reported setup: a detached server, its parent gone right after SIGTERM. With `pipe` the
 * server's stdout and stderr are pipes to the parent, which has stopped reading them (they end
 * with it: EPIPE); with `inherit` they are the parent's own stdout, a pipe that outlives the
 * parent and that nobody reads any more.
 */
function parentGone(stdio: 'pipe' | 'inherit'): Case {
  return async (env) => {
    const fifo = stdio === 'inherit' ? namedPipe() : null;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', PARENT], {
      cwd: ROOT,
      env: { ...process.env, ...env, STOP_TEST_STDIO: stdio },
      stdio: fifo ? ['pipe', fifo.writeFd, fifo.writeFd] : ['pipe', 'pipe', 'pipe'],
    });
    if (fifo) closeSync(fifo.writeFd);
    const from = fifo?.reader ?? (parent.stdout as Readable);
    const streams = [from, ...streamsOf(parent)];
    let pid = 0;
    let head = '';
    from.on('data', (chunk: Buffer) => {
      head += String(chunk);
      const match = /PARENT (\{.*\})\n/.exec(head);
      if (match?.[1] && pid === 0) pid = (JSON.parse(match[1]) as { pid: number }).pid;
    });
    const url = await runningUrl(from);
    for (const stream of streams) stream.pause();
    return {
      pid,
      url,
      terminate: async () => {
        const asked = Date.now();
        parent.stdin?.end('stop\n');
        await once(parent, 'exit');
        return asked;
      },
      afterTerm: async () => {},
      release: () => {
        for (const stream of streams) stream.destroy();
        fifo?.remove();
      },
    };
  };
}

/** stdout and stderr are one TCP socket whose far end stops reading, then closes while the server stops. */
const socketCloses: Case = async (env) => {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const accepted = once(listener, 'connection') as Promise<[net.Socket]>;
  const client = net.connect((listener.address() as net.AddressInfo).port, '127.0.0.1');
  await once(client, 'connect');
  const [socket] = await accepted;
  listener.close();
  const server = spawnOn(client, env);
  const url = await runningUrl(socket);
  socket.pause();
  return {
    pid: server.pid ?? 0,
    url,
    terminate: async () => {
      server.kill('SIGTERM');
      return Date.now();
    },
    afterTerm: async () => {
      await sleep(CLOSE_AFTER_MS);
      socket.destroy();
    },
    release: () => socket.destroy(),
  };
};

/** `node server/main.ts` writing to `socket` (duplicated into the child; our copy is closed). */
function spawnOn(socket: net.Socket, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', socket, socket],
  });
  socket.destroy();
  return child;
}

const CASES: ReadonlyArray<readonly [string, Case]> = [
  ['a full pipe whose reader stays and reads no more', fullPipe],
  ['a pipe nobody reads once the parent is gone', parentGone('inherit')],
  ['the parent gone with the pipes it held (EPIPE)', parentGone('pipe')],
  ['stdout closed by its reader during the stop (EPIPE)', readerCloses],
  ['a socket closed during the stop', socketCloses],
];

describe.each(targets)('SIGTERM when nobody takes the output (%s)', (name) => {
  // One database for the cases, one server at a time on it: a migrated database starts faster.
  let target: ServerTarget | null = null;
  let running: Running | null = null;
  beforeAll(async () => {
    target = name === 'pglite' ? pgliteTarget() : await postgresTarget();
  });
  afterEach(() => {
    // A server that did not exit is killed here, so that a failing run leaves nothing behind.
    if (running && processAlive(running.pid)) process.kill(running.pid, 'SIGKILL');
    running?.release();
    running = null;
  });
  afterAll(async () => {
    await target?.cleanup();
  });

  test('a reader that reads gets every line, the last ones of the stop included', async () => {
    if (!target) throw new Error('no target');
    const server = await startServer({ ...target.env, LOG_LEVEL: 'info' });
    running = {
      pid: server.child.pid ?? 0,
      url: server.url,
      terminate: async () => Date.now(),
      afterTerm: async () => {},
      release: () => {},
    };
    await floodLog(server.url);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    const lines = server.output().split('\n');
    const flood = lines.filter(
      (line) => line.includes('"msg":"incoming request"') && line.includes(LONG_PATH),
    );
    expect(flood).toHaveLength(FLOOD_REQUESTS);
    // The stop's last log line, written moments before the process exits.
    expect(lines.some((line) => line.includes('SIGTERM: jobs stopped'))).toBe(true);
    expect(lines.some((line) => line.includes('log lines dropped'))).toBe(false);
  }, 90_000);

  test.each(CASES)(
    '%s: exits within 10 s and holds nothing',
    async (label, start) => {
      if (!target) throw new Error('no target');
      running = await start({ ...target.env, LOG_LEVEL: 'info' });
      expect(running.pid).toBeGreaterThan(0);
      await floodLog(running.url);
      if (name === 'postgres') {
        // The check below means something only if the running server held locks to give back.
        expect((await postgresHolds(target)).advisoryLocks).toBeGreaterThan(0);
      }

      const signalled = await running.terminate();
      const [gone] = await Promise.all([
        processGoneWithin(running.pid, EXIT_LIMIT_MS - (Date.now() - signalled)),
        running.afterTerm(),
      ]);
      const took = Date.now() - signalled;
      expect(gone, `still running ${took} ms after SIGTERM`).toBe(true);
      expect(took).toBeLessThan(EXIT_LIMIT_MS);

      if (name === 'postgres') {
        // PostgreSQL ends a session whose client has gone, releasing its advisory locks.
        let holds = await postgresHolds(target);
        for (let i = 0; i < 100 && (holds.connections > 0 || holds.advisoryLocks > 0); i += 1) {
          await sleep(100);
          holds = await postgresHolds(target);
        }
        expect(holds).toEqual({ connections: 0, advisoryLocks: 0 });
      }
      console.info(`[stop without reader ${name}] ${label}: gone ${took} ms after SIGTERM`);
    },
    90_000,
  );
});
