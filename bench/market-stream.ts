import http from 'node:http';
import { withTimeout } from '../tests/helpers/with-timeout.ts';
import { onSseEvents } from './lib/sse-events.ts';
import type { ServerChild } from './market-child.ts';
import {
  CONNECT_BATCH,
  CONNECT_TIMEOUT_MS,
  clock,
  HOST,
  type Settings,
  SYMBOL,
  sleep,
  TICK_GAP_MS,
  TICK_TIMEOUT_MS,
  UNSUBSCRIBE_TIMEOUT_MS,
  WARMUP_TICKS,
} from './market-settings.ts';

// ---------------------------------------------------------------------------------------------
// Part 2: the tick stream

interface StreamClient {
  request: http.ClientRequest;
  connected: Promise<void>;
  lastId: number;
  ticks: number;
}

interface TickArrivals {
  count: number;
  first: number;
  last: number;
  everyone: () => void;
}

class StreamLevel {
  readonly clients: StreamClient[] = [];
  readonly arrivals = new Map<number, TickArrivals>();
  readonly failures: string[] = [];
  readonly #agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  #closing = false;

  readonly port: number;
  readonly size: number;

  constructor(port: number, size: number) {
    this.port = port;
    this.size = size;
  }

  readonly #failureCounts = new Map<string, number>();

  /** Records a failure once, counting repeats (1,000 clients can fail the same way at once). */
  #fail(message: string): void {
    const seen = this.#failureCounts.get(message) ?? 0;
    this.#failureCounts.set(message, seen + 1);
    if (seen === 0) this.failures.push(message);
  }

  /** The failures, with how many clients each happened to. */
  failureSummary(): string[] {
    return this.failures.map((message) => {
      const times = this.#failureCounts.get(message) ?? 1;
      return times > 1 ? `${message} (× ${times})` : message;
    });
  }

  /** Waits for `count` clients to have received the tick with SSE id `at`. */
  expect(at: number): Promise<void> {
    return new Promise((resolve) => {
      this.arrivals.set(at, { count: 0, first: Number.POSITIVE_INFINITY, last: 0, everyone: resolve });
    });
  }

  #onEvent(client: StreamClient, event: string, now: number, markConnected: () => void): void {
    if (event.startsWith('retry:')) {
      markConnected();
      return;
    }
    if (!event.startsWith('id: ') || !event.includes('\nevent: tick\n')) return;
    const id = Number(event.slice(4, event.indexOf('\n')));
    if (!event.includes(`"symbol":"${SYMBOL}"`)) this.#fail(`a client received a tick of another symbol`);
    if (!(id > client.lastId)) this.#fail(`a client received tick ${id} after tick ${client.lastId}`);
    client.lastId = id;
    client.ticks += 1;
    const arrivals = this.arrivals.get(id);
    if (!arrivals) {
      this.#fail(`a client received tick ${id}, which was not expected`);
      return;
    }
    arrivals.count += 1;
    if (now < arrivals.first) arrivals.first = now;
    if (now > arrivals.last) arrivals.last = now;
    if (arrivals.count === this.size) arrivals.everyone();
  }

  #open(): StreamClient {
    let markConnected = (): void => {};
    let failConnect = (_error: Error): void => {};
    const connected = new Promise<void>((resolve, reject) => {
      markConnected = resolve;
      failConnect = reject;
    });
    const request = http.get({
      host: HOST,
      port: this.port,
      path: `/adc/stream/ticks?symbols=${SYMBOL}`,
      agent: this.#agent,
      headers: { accept: 'text/event-stream' },
    });
    const client: StreamClient = { request, connected, lastId: 0, ticks: 0 };
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        failConnect(new Error(`the stream answered HTTP ${response.statusCode}`));
        response.resume();
        return;
      }
      onSseEvents(response, (event, now) => this.#onEvent(client, event, now, markConnected));
      response.on('close', () => {
        if (!this.#closing) this.#fail('a stream closed during the run');
      });
    });
    request.on('error', (error) => {
      failConnect(error);
      if (!this.#closing) this.#fail(`a stream failed: ${error.message}`);
    });
    return client;
  }

  async connect(): Promise<void> {
    for (let opened = 0; opened < this.size; opened += CONNECT_BATCH) {
      const batch: StreamClient[] = [];
      for (let i = opened; i < Math.min(this.size, opened + CONNECT_BATCH); i++) batch.push(this.#open());
      this.clients.push(...batch);
      await withTimeout(
        Promise.all(batch.map((client) => client.connected)),
        CONNECT_TIMEOUT_MS,
        `connecting stream clients ${opened + 1} to ${opened + batch.length}`,
      );
    }
  }

  close(): void {
    this.#closing = true;
    for (const client of this.clients) client.request.destroy();
    this.#agent.destroy();
  }
}

interface TickSample {
  /** Publication to the last client's arrival, ms. */
  last: number;
  /** Publication to the first client's arrival, ms. */
  first: number;
  /** How long publishTicks took in the server: every listener's write, ms. */
  fanOut: number;
}

export interface LevelRun {
  clients: number;
  samples: TickSample[];
  failures: string[];
}

let nextSeq = 1;

async function publishTick(child: ServerChild, level: StreamLevel, tickBase: number): Promise<TickSample> {
  const seq = nextSeq++;
  const at = tickBase + seq * 1000;
  const everyone = level.expect(at);
  const published = child.next(
    (m) => (m.type === 'published' && m.seq === seq ? m : undefined),
    TICK_TIMEOUT_MS,
    `tick ${seq}`,
  );
  child.send({ type: 'publish', seq });
  const answer = await published;
  if (answer.at !== at) throw new Error(`tick ${seq} went out as ${answer.at}, expected ${at}`);
  await withTimeout(everyone, TICK_TIMEOUT_MS, `tick ${seq} reaching all ${level.size} clients`).catch(
    (error: unknown) => {
      const arrivals = level.arrivals.get(at);
      throw new Error(`${(error as Error).message} (reached ${arrivals?.count ?? 0})`);
    },
  );
  const arrivals = level.arrivals.get(at);
  if (!arrivals) throw new Error(`tick ${seq}: no arrivals recorded`);
  return {
    last: arrivals.last - answer.publishedAt,
    first: arrivals.first - answer.publishedAt,
    fanOut: answer.returnedAt - answer.publishedAt,
  };
}

async function untilSubscribers(child: ServerChild, expected: number): Promise<void> {
  const deadline = performance.now() + UNSUBSCRIBE_TIMEOUT_MS;
  let seen = await child.subscribers();
  while (seen !== expected) {
    if (performance.now() > deadline) {
      throw new Error(`the hub has ${seen} subscribers, expected ${expected}`);
    }
    await sleep(50);
    seen = await child.subscribers();
  }
}

export async function measureLevel(
  settings: Settings,
  child: ServerChild,
  port: number,
  tickBase: number,
  clients: number,
): Promise<LevelRun> {
  process.stderr.write(`stream: ${clients} client(s), ${settings.ticks} ticks\n`);
  const level = new StreamLevel(port, clients);
  const run: LevelRun = { clients, samples: [], failures: [] };
  try {
    await level.connect();
    await untilSubscribers(child, clients);
    for (let i = 0; i < WARMUP_TICKS + settings.ticks; i++) {
      const sample = await publishTick(child, level, tickBase);
      if (i >= WARMUP_TICKS) run.samples.push(sample);
      await sleep(TICK_GAP_MS);
    }
    const expected = WARMUP_TICKS + settings.ticks;
    const short = level.clients.filter((client) => client.ticks !== expected).length;
    if (short > 0) level.failures.push(`${short} client(s) did not receive exactly ${expected} ticks`);
  } catch (error) {
    level.failures.push((error as Error).message);
  } finally {
    level.close();
  }
  try {
    if (!child.exited) await untilSubscribers(child, 0);
  } catch (error) {
    level.failures.push(`after closing: ${(error as Error).message}`);
  }
  run.failures = level.failureSummary();
  return run;
}

/** The child's clock minus this process's, from the IPC round trip with the least delay. */
export async function clockCheck(child: ServerChild): Promise<{ offset: number; roundTrip: number }> {
  let best = { offset: 0, roundTrip: Number.POSITIVE_INFINITY };
  for (let id = 1; id <= 20; id++) {
    const answer = child.next((m) => (m.type === 'clock' && m.id === id ? m : undefined), 10_000, 'clock');
    const sent = clock();
    child.send({ type: 'clock', id });
    const { now } = await answer;
    const received = clock();
    if (received - sent < best.roundTrip) {
      best = { offset: now - (sent + received) / 2, roundTrip: received - sent };
    }
  }
  return best;
}
