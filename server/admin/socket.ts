/**
 * The admin socket: a Unix socket inside DATA_DIR (mode 0600, never TCP) through which the CLI
 * hands its command to a running server, because the embedded database admits one process only.
 * One JSON line in, one JSON line out.
 */
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AdminRequest, AdminResult } from './runner.ts';

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

const MAX_REQUEST_BYTES = 64 * 1024;

/** Resolves true when a server answers on the socket, false when nothing listens there. */
export function probeSocket(socketPath: string, timeoutMs = 1000): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function listenAdminSocket(
  socketPath: string,
  handle: (request: AdminRequest) => Promise<AdminResult>,
): Promise<net.Server> {
  if (await probeSocket(socketPath)) {
    throw new Error(`another server is already running on this data directory (${socketPath} answers)`);
  }
  // A socket file nobody answers on is left from a server that stopped without cleaning up.
  if (existsSync(socketPath)) unlinkSync(socketPath);
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return socket.destroy();
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      buffer = '';
      void (async () => {
        let result: AdminResult;
        try {
          const request = JSON.parse(line) as AdminRequest;
          if (!Array.isArray(request.argv) || request.argv.some((a) => typeof a !== 'string')) {
            throw new Error('bad request');
          }
          result = await handle({ argv: request.argv, actor: String(request.actor || 'unknown') });
        } catch (error) {
          result = { ok: false, exitCode: 1, text: `failed: ${(error as Error).message}`, json: null };
        }
        socket.end(`${JSON.stringify(result)}\n`);
      })();
    });
    socket.on('error', () => {});
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previousMask);
  }
  chmodSync(socketPath, 0o600);
  return server;
}

export function sendToSocket(socketPath: string, request: AdminRequest): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(buffer) as AdminResult);
      } catch {
        reject(new Error('the server gave no readable answer on the admin socket'));
      }
    });
    socket.once('error', reject);
  });
}
