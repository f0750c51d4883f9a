/**
 * A local stand-in for Pyth's Hermes: `GET /v2/updates/price/latest?ids[]=…&parsed=true` answers
 * JSON, and `GET /v2/updates/price/stream?…` holds an SSE stream whose every event's data is the
 * same JSON envelope (`{"binary":…,"parsed":[…]}`), as Hermes's documentation shows. Tests push
 * updates, comments (keep-alives), broken events and silence through it, and end streams.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HermesFixture {
  base: string;
  /** The Authorization header and the URL of every request so far. */
  requests: { url: string; authorization: string | undefined }[];
  streams(): number;
  /** Sends one update with these parsed entries to every open stream. */
  push(parsed: unknown[]): void;
  /** Sends raw SSE text (a broken event, a comment). */
  pushRaw(text: string): void;
  /** The latest answer's parsed entries. */
  latest: unknown[];
  endAll(): void;
  close(): Promise<void>;
}

const envelope = (parsed: unknown[]) => JSON.stringify({ binary: { encoding: 'hex', data: [] }, parsed });

export async function startHermesFixture(): Promise<HermesFixture> {
  const open = new Set<ServerResponse>();
  const requests: HermesFixture['requests'] = [];
  const fixture = { latest: [] as unknown[] };
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const path = (req.url ?? '').split('?')[0];
    if (path === '/v2/updates/price/latest') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(envelope(fixture.latest));
      return;
    }
    if (path !== '/v2/updates/price/stream') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    open.add(res);
    res.on('close', () => open.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const write = (text: string) => {
    for (const res of open) res.write(text);
  };
  return Object.assign(fixture, {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    streams: () => open.size,
    push: (parsed: unknown[]) => write(`data:${envelope(parsed)}\n\n`),
    pushRaw: write,
    endAll: () => {
      for (const res of open) res.end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  });
}
