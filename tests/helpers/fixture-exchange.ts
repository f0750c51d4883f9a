/**
 * A local stand-in for a Binance-format exchange's public market data, speaking the documented
 * protocols: WebSocket clients connect to `/stream?streams=a/b`, every event arrives wrapped as
 * `{"stream":"<name>","data":<payload>}`, and the server may drop a connection at any time (as the
 * real one does at 24 hours); `GET /api/v3/klines?symbol&interval&startTime&endTime&limit` answers
 * the rows it holds, as arrays in the documented order. Tests replay the exact public payloads
 * through it, plus the faults a real feed has: malformed frames, duplicates, silence.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** A kline row as the REST API sends it: [openTime, open, high, low, close, volume, closeTime, …]. */
export type KlineRow = [
  number,
  string,
  string,
  string,
  string,
  string,
  number,
  string,
  number,
  string,
  string,
  string,
];

export interface ExchangeFixture {
  /** `ws://127.0.0.1:<port>`: the stream base URL the platform is configured with. */
  base: string;
  /** `http://127.0.0.1:<port>`: the REST base URL. */
  rest: string;
  /** The klines the REST API answers from, by symbol and interval (`BTCUSDT 1m`). */
  klines: Map<string, KlineRow[]>;
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
  const klines = new Map<string, KlineRow[]>();
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (url.pathname !== '/api/v3/klines') {
      res.writeHead(404).end();
      return;
    }
    const q = (name: string) => url.searchParams.get(name) ?? '';
    const [from, to, limit] = [Number(q('startTime')), Number(q('endTime')), Number(q('limit') || 500)];
    const rows = (klines.get(`${q('symbol')} ${q('interval')}`) ?? []).filter(
      (r) => r[0] >= from && r[0] <= to,
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows.slice(0, limit)));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const server = new WebSocketServer({ server: http });
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
  const port = (http.address() as AddressInfo).port;
  return {
    base: `ws://127.0.0.1:${port}`,
    rest: `http://127.0.0.1:${port}`,
    klines,
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
        server.close(() => http.close(() => resolve()));
      }),
  };
}
