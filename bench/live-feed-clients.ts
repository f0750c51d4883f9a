/**
 * bench/live-feed.ts's stream clients: `GET /adc/stream/ticks` over plain `node:http`, every client
 * watching the probe instrument and one other, and every arrival matched to the message it came
 * from by its bid (unique per message and symbol). A quote the server sends again (the per-second
 * publication repeats the latest one) counts once per client.
 */
import http from 'node:http';
import { onSseEvents } from './lib/sse-events.ts';
import type { PhaseResult } from './live-feed-report.ts';
import type { LiveSettings } from './live-feed-settings.ts';

const HOST = '127.0.0.1';
const BATCH = 100;

interface Sent {
  symbol: string;
  sentAt: number;
  expected: number;
  arrived: number;
  last: number;
  measured: boolean;
}

const SYMBOL = /"symbol":"([^"]+)"/;
const BID = /"bid":"([^"]+)"/;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export class LiveClients {
  readonly #agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  readonly #requests: http.ClientRequest[] = [];
  readonly #watchers = new Map<string, number>();
  readonly #sent = new Map<string, Sent>();
  readonly #failures = new Set<string>();
  #closing = false;
  subscriptions = 0;

  readonly port: number;
  readonly probe: string;
  readonly others: readonly string[];

  constructor(port: number, probe: string, others: readonly string[]) {
    this.port = port;
    this.probe = probe;
    this.others = others;
  }

  async connect(count: number): Promise<void> {
    for (let opened = 0; opened < count; opened += BATCH) {
      const batch: Promise<void>[] = [];
      for (let i = opened; i < Math.min(count, opened + BATCH); i++) {
        const other = this.others[i % Math.max(1, this.others.length)];
        batch.push(this.#open(other ? [this.probe, other] : [this.probe]));
      }
      await Promise.all(batch);
    }
  }

  #open(symbols: string[]): Promise<void> {
    for (const s of symbols) this.#watchers.set(s, (this.#watchers.get(s) ?? 0) + 1);
    this.subscriptions += symbols.length;
    const lastBid = new Map<string, string>();
    return new Promise((resolve, reject) => {
      const request = http.get({
        host: HOST,
        port: this.port,
        path: `/adc/stream/ticks?symbols=${symbols.join(',')}`,
        agent: this.#agent,
        headers: { accept: 'text/event-stream' },
      });
      this.#requests.push(request);
      request.on('error', (error) => {
        reject(error);
        if (!this.#closing) this.#failures.add(`a stream failed: ${error.message}`);
      });
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`the stream answered HTTP ${response.statusCode}`));
          return;
        }
        onSseEvents(response, (event, now) => {
          if (event.startsWith('retry:')) resolve();
          const symbol = SYMBOL.exec(event)?.[1];
          const bid = BID.exec(event)?.[1];
          if (!symbol || !bid || lastBid.get(symbol) === bid) return;
          lastBid.set(symbol, bid);
          const sent = this.#sent.get(`${symbol}|${bid}`);
          if (!sent) return;
          sent.arrived += 1;
          if (now > sent.last) sent.last = now;
        });
        response.on('close', () => {
          if (!this.#closing) this.#failures.add('a stream closed during the run');
        });
      });
    });
  }

  /** A message about to leave the exchange. */
  expect(symbol: string, bid: string, sentAt: number, measured: boolean): void {
    const expected = this.#watchers.get(symbol) ?? 0;
    this.#sent.set(`${symbol}|${bid}`, { symbol, sentAt, expected, arrived: 0, last: 0, measured });
  }

  close(): void {
    this.#closing = true;
    for (const request of this.#requests) request.destroy();
    this.#agent.destroy();
  }

  result(instruments: number, settings: LiveSettings): PhaseResult {
    const measured = [...this.#sent.values()].filter((s) => s.measured && s.expected > 0);
    const complete = (list: Sent[]) => list.filter((s) => s.arrived === s.expected);
    const latencies = (list: Sent[]) =>
      complete(list)
        .map((s) => s.last - s.sentAt)
        .sort((a, b) => a - b);
    const summary = (list: Sent[]) => {
      const sorted = latencies(list);
      return {
        messages: list.length,
        delivered: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
      };
    };
    const probe = measured.filter((s) => s.symbol === this.probe);
    const failures = [...this.#failures];
    const undelivered = measured.length - complete(measured).length;
    // A message superseded by the next one of its symbol before the server sent it is replaced,
    // by design (the newer price); more than 1 % of them means the server fell behind.
    if (undelivered > measured.length / 100)
      failures.push(`${undelivered} of ${measured.length} messages did not reach every client watching them`);
    return {
      instruments,
      rate: settings.rate,
      clients: this.#requests.length,
      probe: summary(probe),
      all: summary(measured),
      failures,
    };
  }
}
