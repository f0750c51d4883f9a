/**
 * Benchmark: the market data paths of the real app.
 *
 * 1. Candles: the latency of `POST /adc/html/eto/10069.do` (BTCUSDT, limit 500) for each of the
 *    13 intervals, beside the latency of the global configuration call `00000` (the anchor), as
 *    the ratio p50(interval) / p50(00000).
 * 2. Tick stream fan-out: with 1, 100 and 1,000 SSE clients on `GET /adc/stream/ticks?symbols=
 *    BTCUSDT`, the delay from the server publishing a tick to the last client receiving it,
 *    against the same delay with one client.
 *
 * The server runs in a child process (bench/market-server.ts, with an IPC channel); requests and
 * stream clients run here, on loopback. The child stores candles at a fixed instant, so every run
 * asks for the same candles, and publishes a tick only when this process asks for one over IPC,
 * answering with the moment it handed it to the hub. Both processes read the same wall clock
 * (`performance.timeOrigin + performance.now()`), which a round-trip check confirms.
 *
 *   node bench/market.ts
 *   BENCH_REQUESTS=50 BENCH_TICKS=10 node bench/market.ts
 *
 * Exit code 0 when every request and every tick succeeded, 1 otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { codePath, isEnvelope, RESP_OK } from '../protocol/envelope.ts';
import { INTERVALS, type Interval } from '../protocol/markets.ts';
import { envInteger } from '../server/config.ts';
import { withTimeout } from '../tests/helpers/with-timeout.ts';
import { type Figure, formatRatio, integerFormat, table, writeSummary } from './lib/report.ts';
import type { ChildMessage, ParentMessage } from './market-server.ts';

const SERVER_SCRIPT = path.join(import.meta.dirname, 'market-server.ts');
const HOST = '127.0.0.1';
const SYMBOL = 'BTCUSDT';
const LIMIT = 500;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** The warm-up goes on for at least this long (unless BENCH_WARMUP_REQUESTS is 0), for the JIT. */
const WARMUP_MIN_MS = 500;
/** A time-capped target still gets at least this many measured requests. */
const MIN_REQUESTS = 20;
/** Stream clients connect this many at a time, each batch fully connected before the next. */
const CONNECT_BATCH = 100;
const CONNECT_TIMEOUT_MS = 30_000;
const TICK_TIMEOUT_MS = 10_000;
/** Unmeasured ticks at the start of each stream level. */
const WARMUP_TICKS = 2;
/** Pause after a tick reached every client, before the next one is published. */
const TICK_GAP_MS = 200;
const UNSUBSCRIBE_TIMEOUT_MS = 10_000;
/** File descriptors beyond the stream sockets: the keep-alive socket, IPC, stdio, libuv. */
const SPARE_FDS = 64;

interface Settings {
  requests: number;
  intervalSeconds: number;
  warmupRequests: number;
  concurrency: number;
  ticks: number;
  clients: number[];
  minuteDays: number;
  dailyDays: number;
}

function readClients(raw: string | undefined): number[] {
  const text = raw === undefined || raw === '' ? '100,1000' : raw;
  const levels = text.split(',').map((part) => Number(part.trim()));
  if (levels.some((n) => !Number.isInteger(n) || n < 1 || n > 20_000)) {
    throw new Error(`BENCH_CLIENTS must list client counts from 1 to 20000, got "${text}"`);
  }
  // One client is the anchor: always measured, first.
  return [1, ...new Set(levels.filter((n) => n > 1))];
}

function readSettings(): Settings {
  const env = process.env;
  return {
    requests: envInteger(env, 'BENCH_REQUESTS', 200, 1, 100_000),
    intervalSeconds: envInteger(env, 'BENCH_INTERVAL_SECONDS', 4, 0, 3600),
    warmupRequests: envInteger(env, 'BENCH_WARMUP_REQUESTS', 5, 0, 1000),
    concurrency: envInteger(env, 'BENCH_CONCURRENCY', 1, 1, 16),
    ticks: envInteger(env, 'BENCH_TICKS', 20, 1, 1000),
    clients: readClients(env.BENCH_CLIENTS),
    minuteDays: envInteger(env, 'BENCH_MINUTE_DAYS', 6, 1, 90),
    dailyDays: envInteger(env, 'BENCH_DAILY_DAYS', 3650, 1, 30 * 365),
  };
}

/** Same clock as the child's: wall-clock ms with sub-millisecond resolution. */
function clock(): number {
  return performance.timeOrigin + performance.now();
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// File descriptors

/** The soft limit on open files, from /proc/self/limits (Linux); null where it cannot be read. */
function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.POSITIVE_INFINITY;
    const n = Number(soft);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The server's child process

/** What the server child reports once its data is in place. */
type Ready = Omit<Extract<ChildMessage, { type: 'ready' }>, 'type'>;

class ServerChild {
  readonly process: ChildProcess;
  readonly #waiters = new Set<(message: ChildMessage) => boolean>();
  exited = false;

  constructor(settings: Settings) {
    // Same Node and flags, but no second debugger on one port.
    // --expose-gc: the child collects the garbage of the candle sync before it starts listening.
    const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--inspect'));
    this.process = spawn(process.execPath, [...execArgv, '--expose-gc', SERVER_SCRIPT], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        BENCH_MINUTE_DAYS: String(settings.minuteDays),
        BENCH_DAILY_DAYS: String(settings.dailyDays),
      },
    });
    this.process.on('message', (message: ChildMessage) => {
      for (const waiter of this.#waiters) if (waiter(message)) this.#waiters.delete(waiter);
    });
    this.process.once('exit', () => {
      this.exited = true;
    });
  }

  /** The first message `pick` accepts (returns non-undefined for). */
  next<T>(pick: (message: ChildMessage) => T | undefined, ms: number, what: string): Promise<T> {
    const child = this.process;
    if (this.exited) return Promise.reject(new Error(`${what}: the bench server is not running`));
    const answer = new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        this.#waiters.delete(waiter);
        reject(new Error(`${what}: the bench server exited (${signal ?? `code ${code}`})`));
      };
      const waiter = (message: ChildMessage): boolean => {
        const value = pick(message);
        if (value === undefined) return false;
        child.off('exit', onExit);
        resolve(value);
        return true;
      };
      this.#waiters.add(waiter);
      child.once('exit', onExit);
    });
    return withTimeout(answer, ms, what);
  }

  send(message: ParentMessage): void {
    if (!this.exited && this.process.connected) this.process.send(message);
  }

  async subscribers(): Promise<number> {
    const answer = this.next((m) => (m.type === 'subscribers' ? m.count : undefined), 10_000, 'subscribers');
    this.send({ type: 'subscribers' });
    return answer;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

let server: ServerChild | undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const stopping = server ? server.stop() : Promise.resolve();
    void stopping.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------------------------
// Part 1: candle requests

interface Target {
  name: string;
  /** The product code posted to. */
  code: string;
  body: string;
  /** Candles in the answer, or null for the anchor; throws on an unexpected answer. */
  check(status: number, body: string): number | null;
}

function parseEnvelope(status: number, body: string): unknown {
  if (status < 200 || status > 299) throw new Error(`HTTP ${status}: ${body.slice(0, 200)}`);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Error(`not JSON: ${body.slice(0, 200)}`);
  }
  if (!isEnvelope(value) || value.respCode !== RESP_OK || value.data === null) {
    throw new Error(`not a success envelope: ${body.slice(0, 200)}`);
  }
  return value.data;
}

const anchorTarget: Target = {
  name: '00000',
  code: '00000',
  body: '',
  check(status, body) {
    parseEnvelope(status, body);
    return null;
  },
};

function candleTarget(interval: Interval): Target {
  return {
    name: interval,
    code: '10069',
    body: new URLSearchParams({ symbol: SYMBOL, interval, limit: String(LIMIT) }).toString(),
    check(status, body) {
      const data = parseEnvelope(status, body);
      if (!Array.isArray(data) || data.length === 0) throw new Error(`no candles: ${body.slice(0, 200)}`);
      return data.length;
    },
  };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function post(agent: http.Agent, port: number, code: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        host: HOST,
        port,
        method: 'POST',
        path: codePath(code),
        agent,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface TargetRun {
  target: Target;
  latencies: number[];
  /** Distinct candle counts seen (one, normally: the engine's clock is fixed). */
  candles: Set<number>;
  failures: string[];
}

async function measureTarget(settings: Settings, port: number, target: Target): Promise<TargetRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.concurrency });
  const run: TargetRun = { target, latencies: [], candles: new Set(), failures: [] };
  const request = async (measured: boolean): Promise<void> => {
    try {
      const answer = await post(agent, port, target.code, target.body);
      const candles = target.check(answer.status, answer.body);
      if (candles !== null) run.candles.add(candles);
      if (measured) run.latencies.push(answer.ms);
    } catch (error) {
      run.failures.push(`${target.name}: ${(error as Error).message}`);
    }
  };
  try {
    const warmupStarted = performance.now();
    for (
      let i = 0;
      settings.warmupRequests > 0 &&
      (i < settings.warmupRequests || performance.now() - warmupStarted < WARMUP_MIN_MS) &&
      run.failures.length === 0;
      i++
    ) {
      await request(false);
    }
    const capMs = settings.intervalSeconds * 1000;
    const started = performance.now();
    let launched = 0;
    const worker = async (): Promise<void> => {
      while (launched < settings.requests) {
        const overTime = capMs > 0 && performance.now() - started > capMs && launched >= MIN_REQUESTS;
        if (overTime || run.failures.length > 0) return;
        launched += 1;
        await request(true);
      }
    };
    await Promise.all(Array.from({ length: settings.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return run;
}

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
      response.setEncoding('utf8');
      let buffered = '';
      response.on('data', (chunk: string) => {
        const now = clock();
        buffered += chunk;
        let end = buffered.indexOf('\n\n');
        while (end !== -1) {
          this.#onEvent(client, buffered.slice(0, end + 1), now, markConnected);
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
        }
      });
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

interface LevelRun {
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

async function measureLevel(
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
async function clockCheck(child: ServerChild): Promise<{ offset: number; roundTrip: number }> {
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

// ---------------------------------------------------------------------------------------------
// Report

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : 'n/a';
}

function candleCount(run: TargetRun): string {
  if (run.target === anchorTarget) return '-';
  const counts = [...run.candles].sort((a, b) => a - b);
  if (counts.length === 0) return 'n/a';
  const low = counts[0] ?? 0;
  const high = counts.at(-1) ?? 0;
  return low === high ? String(low) : `${low}-${high}`;
}

/** The history that `LIMIT` candles of an interval span, for BTCUSDT (trades every day). */
function historyNeeded(interval: string): string {
  const minutes: Record<string, number> = {
    '1m': 1,
    '3m': 3,
    '5m': 5,
    '15m': 15,
    '30m': 30,
    '1h': 60,
    '4h': 240,
  };
  const months: Record<string, number> = { '1M': 1, '3M': 3, '6M': 6 };
  const perCandle = minutes[interval];
  if (perCandle !== undefined) return `${((LIMIT * perCandle) / (24 * 60)).toFixed(1)} days of minutes`;
  const perMonths = months[interval];
  if (perMonths !== undefined) return `${((LIMIT * perMonths) / 12).toFixed(0)} years of daily candles`;
  const days: Record<string, number> = { '1D': 1, '5D': 5, '1w': 7 };
  return `${integerFormat.format(LIMIT * (days[interval] ?? 1))} days of daily candles`;
}

function candlesReport(settings: Settings, ready: Ready, runs: readonly TargetRun[]): string {
  const anchor = runs[0];
  const anchorP50 = anchor ? percentile(anchor.latencies, 50) : Number.NaN;
  const rows = [['target', 'candles', 'requests', 'p50 ms', 'p99 ms', 'p50 / 00000']];
  for (const run of runs) {
    const p50 = percentile(run.latencies, 50);
    rows.push([
      run.target === anchorTarget ? '00000 (anchor)' : `10069 ${run.target.name}`,
      candleCount(run),
      integerFormat.format(run.latencies.length),
      ms(p50),
      ms(percentile(run.latencies, 99)),
      formatRatio(p50 / anchorP50),
    ]);
  }
  const cap =
    settings.intervalSeconds > 0
      ? `up to ${integerFormat.format(settings.requests)} requests per target or ${settings.intervalSeconds} s ` +
        `(at least ${MIN_REQUESTS})`
      : `${integerFormat.format(settings.requests)} requests per target`;
  const short = runs.filter((run) => run.target !== anchorTarget && !run.candles.has(LIMIT));
  return [
    `candles: POST ${codePath('10069')} symbol=${SYMBOL}&limit=${LIMIT}, ${cap}, after ` +
      `${settings.warmupRequests} warm-up requests (${WARMUP_MIN_MS} ms at least), concurrency ${settings.concurrency}, loopback, server in a child process`,
    `stored: ${settings.minuteDays} days of 1-minute candles (${integerFormat.format(ready.minuteRows)} rows) and ` +
      `${integerFormat.format(settings.dailyDays)} days of daily candles (${integerFormat.format(ready.dailyRows)} rows) ` +
      `for ${ready.instruments} instruments, synced in ${(ready.syncMs / 1000).toFixed(1)} s; engine clock ` +
      `${new Date(ready.now).toISOString()}`,
    '',
    table(rows, new Set([1, 2, 3, 4, 5])),
    '',
    ...(short.length > 0
      ? [
          `fewer than ${LIMIT} candles where the stored history holds no more:`,
          ...short.map((run) => `  ${run.target.name}: ${LIMIT} span ${historyNeeded(run.target.name)}`),
          'closed candles come from stored rollups (500 of each interval built on the first sync); the open',
          'bucket from the finer rollups and minutes that cover it',
          '',
        ]
      : []),
  ].join('\n');
}

/** Goals of issue #19: 500 candles of any interval at p99 <= 10 ms; the last of 1,000 clients <= 50 ms. */
const CANDLES_P99_GOAL_MS = 10;
const FANOUT_P99_GOAL_MS = 50;

function candleFigures(runs: readonly TargetRun[]): Figure[] {
  const anchor = runs.find((run) => run.target === anchorTarget);
  const candles = runs.filter((run) => run.target !== anchorTarget);
  if (!anchor || candles.length === 0) return [];
  const worst = candles.reduce((a, b) => (percentile(b.latencies, 99) > percentile(a.latencies, 99) ? b : a));
  const p99 = percentile(worst.latencies, 99);
  const anchorP99 = percentile(anchor.latencies, 99);
  const short = candles.filter((run) => !run.candles.has(LIMIT)).map((run) => run.target.name);
  return [
    {
      figure: `500 candles, slowest interval p99 (${worst.target.name})`,
      value: p99,
      unit: 'ms',
      anchor: anchorP99,
      anchorName: '00000 p99',
      ratio: p99 / anchorP99,
      goal: `<= ${CANDLES_P99_GOAL_MS} ms`,
      met: p99 <= CANDLES_P99_GOAL_MS,
      note: short.length > 0 ? `${short.join(', ')}: fewer than 500, the stored years hold no more` : '',
    },
  ];
}

function streamFigures(levels: readonly LevelRun[]): Figure[] {
  const single = levels.find((level) => level.clients === 1);
  const largest = levels.at(-1);
  if (!single || !largest || largest === single) return [];
  const p99 = percentile(
    largest.samples.map((s) => s.last),
    99,
  );
  const singleP99 = percentile(
    single.samples.map((s) => s.last),
    99,
  );
  return [
    {
      figure: `SSE tick to the last of ${integerFormat.format(largest.clients)} clients, p99`,
      value: p99,
      unit: 'ms',
      anchor: singleP99,
      anchorName: '1 client p99',
      ratio: p99 / singleP99,
      goal: `<= ${FANOUT_P99_GOAL_MS} ms`,
      met: p99 <= FANOUT_P99_GOAL_MS,
      note: '',
    },
  ];
}

function streamReport(
  settings: Settings,
  levels: readonly LevelRun[],
  check: { offset: number; roundTrip: number },
): string {
  const single = levels.find((level) => level.clients === 1);
  const singleP50 = single
    ? percentile(
        single.samples.map((s) => s.last),
        50,
      )
    : Number.NaN;
  const singleP99 = single
    ? percentile(
        single.samples.map((s) => s.last),
        99,
      )
    : Number.NaN;
  const rows = [
    [
      'clients',
      'ticks',
      'last client p50 ms',
      'p99 ms',
      'first client p50 ms',
      'server fan-out p50 ms',
      'p50 / 1 client',
      'p99 / 1 client',
    ],
  ];
  for (const level of levels) {
    const last = level.samples.map((s) => s.last);
    const p50 = percentile(last, 50);
    const p99 = percentile(last, 99);
    rows.push([
      integerFormat.format(level.clients),
      String(level.samples.length),
      ms(p50),
      ms(p99),
      ms(
        percentile(
          level.samples.map((s) => s.first),
          50,
        ),
      ),
      ms(
        percentile(
          level.samples.map((s) => s.fanOut),
          50,
        ),
      ),
      formatRatio(p50 / singleP50),
      formatRatio(p99 / singleP99),
    ]);
  }
  return [
    `tick stream: GET /adc/stream/ticks?symbols=${SYMBOL}, ${settings.ticks} measured ticks per level after ` +
      `${WARMUP_TICKS} warm-up ticks, each published once the previous one reached every client, ${TICK_GAP_MS} ms apart`,
    `delay = arrival at the client (this process) minus the server's clock just before publishTicks; clock check: ` +
      `child - parent ${check.offset >= 0 ? '+' : ''}${check.offset.toFixed(3)} ms (IPC round trip ${check.roundTrip.toFixed(3)} ms)`,
    '',
    table(rows, new Set([0, 1, 2, 3, 4, 5, 6, 7])),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const settings = readSettings();
  const failures: string[] = [];

  const maxClients = Math.max(...settings.clients);
  const fdLimit = openFileLimit();
  const fits = (clients: number): boolean => fdLimit === null || clients + SPARE_FDS <= fdLimit;
  const fdNote =
    fdLimit === null
      ? 'ulimit -n: unknown (no /proc/self/limits)'
      : fits(maxClients)
        ? `ulimit -n: ${fdLimit}, enough for ${maxClients} streams (the server child inherits it)`
        : `ulimit -n: ${fdLimit}, too low for ${maxClients} streams in one process: run \`ulimit -n ${maxClients + 1024}\` first`;
  if (!fits(maxClients)) process.stderr.write(`note: ${fdNote}\n`);

  process.stderr.write(
    `starting the server (${settings.minuteDays} days of minutes, ${settings.dailyDays} days of daily candles)\n`,
  );
  const child = new ServerChild(settings);
  server = child;
  try {
    const ready = await child.next(
      (m) => (m.type === 'ready' ? m : undefined),
      START_TIMEOUT_MS,
      'starting the bench server',
    );

    // Part 1: candles
    const targets = [anchorTarget, ...INTERVALS.map(candleTarget)];
    const runs: TargetRun[] = [];
    for (const target of targets) {
      process.stderr.write(`candles: ${target.name}\n`);
      const run = await measureTarget(settings, ready.port, target);
      failures.push(...run.failures.slice(0, 5));
      runs.push(run);
    }
    process.stdout.write(`${candlesReport(settings, ready, runs)}\n`);
    writeSummary(candleFigures(runs));

    // Part 2: the tick stream
    const check = await clockCheck(child);
    if (Math.abs(check.offset) > 1 + check.roundTrip / 2) {
      failures.push(`the two processes' clocks disagree by ${check.offset.toFixed(3)} ms`);
    }
    const tickBase = Math.floor(ready.now / 1000) * 1000;
    const levels: LevelRun[] = [];
    for (const clients of settings.clients) {
      if (child.exited) break;
      if (!fits(clients)) {
        failures.push(`${clients} clients: skipped, ulimit -n ${fdLimit} is too low`);
        continue;
      }
      const level = await measureLevel(settings, child, ready.port, tickBase, clients);
      failures.push(...level.failures.map((failure) => `${clients} clients: ${failure}`));
      levels.push(level);
    }
    process.stdout.write(`${streamReport(settings, levels, check)}\n`);
    writeSummary(streamFigures(levels));
    process.stdout.write(`${fdNote}\n`);

    if (child.exited) failures.push('the bench server exited during the run');
  } catch (error) {
    failures.push((error as Error).message);
  } finally {
    await child.stop();
  }
  if (failures.length === 0) {
    process.stdout.write(
      'every request answered 2xx with the expected body; every client received every tick\n',
    );
    return 0;
  }
  process.stdout.write(`FAILED:\n${failures.map((failure) => `  ${failure}`).join('\n')}\n`);
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`benchmark failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
