/**
 * `node bench/live-feed.ts` (also `npm run bench`, as `live`): how long an upstream price takes to
 * reach the last of 1,000 stream clients when 200 instruments tick 10 times a second (issue #38's
 * goal: p99 ≤ 50 ms). bench/README.md ("live") says how it runs; in short:
 *
 * a local exchange that speaks Binance's combined-stream protocol (tests/helpers/fixture-exchange.ts)
 * sends book tickers; the server (bench/live-feed-server.ts, a child process: the real app and
 * engine over a live source bound to that exchange) takes them through the feed guard and sends
 * them on; 1,000 SSE clients in this process all watch the probe instrument and each one other.
 * Every message's bid is unique to it, so each arrival is matched to the moment its message left.
 * The anchor, in the same run: the same clients while only the probe instrument ticks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type ExchangeFixture, startExchangeFixture } from '../tests/helpers/fixture-exchange.ts';
import { until } from '../tests/helpers/until.ts';
import { type Figure, writeSummary } from './lib/report.ts';
import { LiveClients } from './live-feed-clients.ts';
import { type PhaseResult, printLiveReport } from './live-feed-report.ts';
import {
  DRAIN_MS,
  GOAL_P99_MS,
  LIVE_SERVER_SCRIPT,
  type LiveSettings,
  liveSymbol,
  readLiveSettings,
  START_TIMEOUT_MS,
  WARMUP_SECONDS,
} from './live-feed-settings.ts';

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startChild(
  exchange: ExchangeFixture,
  instruments: number,
): Promise<{ child: ChildProcess; port: number }> {
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--inspect'));
  const child = spawn(process.execPath, [...execArgv, LIVE_SERVER_SCRIPT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_LIVE_INSTRUMENTS: String(instruments),
      BENCH_LIVE_STREAM: exchange.base,
      BENCH_LIVE_REST: exchange.rest,
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not start')), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'ready' && typeof message.port === 'number') {
        clearTimeout(timer);
        resolve({ child, port: message.port });
      }
    });
  });
}

function subscribers(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; count?: number }) => {
      if (message.type !== 'subscribers') return;
      child.off('message', onMessage);
      resolve(message.count ?? 0);
    };
    child.on('message', onMessage);
    child.send({ type: 'subscribers' });
  });
}

/**
 * One phase: `instruments` instruments at `settings.rate` book tickers a second each, spread evenly
 * over each tenth of a second, for the warm-up and the measured seconds.
 */
async function phase(
  exchange: ExchangeFixture,
  settings: LiveSettings,
  instruments: number,
): Promise<PhaseResult> {
  process.stderr.write(
    `live: ${instruments} instrument(s) × ${settings.rate}/s, ${settings.clients} clients\n`,
  );
  const connectionsBefore = exchange.paths.length;
  const { child, port } = await startChild(exchange, instruments);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await until(() => exchange.paths.length > connectionsBefore && exchange.open() === 1, 30_000);
    const others = Array.from({ length: instruments - 1 }, (_, i) => liveSymbol(i + 1));
    const clients = new LiveClients(port, liveSymbol(0), others);
    await clients.connect(settings.clients);
    for (let tries = 0; (await subscribers(child)) !== clients.subscriptions; tries++) {
      if (tries > 100) throw new Error('the server never counted every subscription');
      await sleep(100);
    }
    const seq = new Map<string, number>();
    const slots = 10;
    const slotMs = 1000 / settings.rate / slots;
    const started = clock();
    const total = (WARMUP_SECONDS + settings.seconds) * settings.rate * slots;
    for (let k = 0; k < total; k++) {
      const wait = started + k * slotMs - clock();
      if (wait > 0) await sleep(wait);
      const measured = k >= WARMUP_SECONDS * settings.rate * slots;
      for (let i = k % slots; i < instruments; i += slots) {
        const symbol = liveSymbol(i);
        const n = (seq.get(symbol) ?? 0) + 1;
        seq.set(symbol, n);
        // A bid no other message of this symbol has: 10000.5, 10001.5, …
        const bid = `${10_000 + n}.5`;
        clients.expect(symbol, bid, clock(), measured);
        exchange.send(`${symbol.toLowerCase()}@bookTicker`, {
          u: n,
          s: symbol,
          b: bid,
          B: '1',
          a: `${10_001 + n}.5`,
          A: '1',
        });
      }
    }
    await sleep(DRAIN_MS);
    clients.close();
    return clients.result(instruments, settings);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  const settings = readLiveSettings();
  const exchange = await startExchangeFixture();
  try {
    const anchor = await phase(exchange, settings, 1);
    const full = await phase(exchange, settings, settings.instruments);
    printLiveReport([anchor, full], settings);
    const failures = [...anchor.failures, ...full.failures];
    const figure: Figure = {
      figure: `live ticks, ${settings.instruments} instruments × ${settings.rate}/s → last of ${settings.clients} SSE clients, p99`,
      value: full.probe.p99,
      unit: 'ms',
      anchor: anchor.probe.p99,
      anchorName: 'one instrument',
      ratio: full.probe.p99 / anchor.probe.p99,
      goal: `<= ${GOAL_P99_MS} ms`,
      met: full.probe.p99 <= GOAL_P99_MS,
      note: failures.join('; '),
    };
    writeSummary([figure]);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await exchange.close();
  }
}

await main();
