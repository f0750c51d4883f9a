/**
 * A local stand-in for a Binance-format exchange's public market-data WebSocket, speaking the
 * documented protocol: clients connect to `/stream?streams=a/b`, every event arrives wrapped as
 * `{"stream":"<name>","data":<payload>}`, and the server may drop a connection at any time (as the
 * real one does at 24 hours). Tests replay the exact public payloads through it, plus the faults a
 * real feed has: malformed frames, duplicates, out-of-order events, silence.
 */
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface ExchangeFixture {
  /** `ws://127.0.0.1:<port>`: the base URL the platform is configured with. */
  base: string;
  /** The request paths of every connection so far. */
  paths: string[];
  /** Open connections now. */
  open(): number;
  /** Sends one payload on `stream` to every open connection. */
  send(stream: string, data: unknown): void;
  /** Sends a frame as it is (a malformed one, say). */
  sendRaw(text: string): void;
  /** Closes every open connection from the server's side. */
  dropAll(code?: number): void;
  /** Resolves once `n` connections have been made in all. */
  connections(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startExchangeFixture(): Promise<ExchangeFixture> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const clients = new Set<WebSocket>();
  const paths: string[] = [];
  const waiters: { n: number; resolve(): void }[] = [];
  server.on('connection', (socket, request) => {
    clients.add(socket);
    paths.push(request.url ?? '');
    socket.on('close', () => clients.delete(socket));
    for (const w of waiters.filter((w) => paths.length >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const broadcast = (text: string) => {
    for (const c of clients) if (c.readyState === c.OPEN) c.send(text);
  };
  return {
    base: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    open: () => clients.size,
    send: (stream, data) => broadcast(JSON.stringify({ stream, data })),
    sendRaw: broadcast,
    dropAll: (code = 1001) => {
      for (const c of clients) c.close(code, 'going away');
    },
    connections: (n) =>
      paths.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of clients) c.terminate();
        server.close(() => resolve());
      }),
  };
}
