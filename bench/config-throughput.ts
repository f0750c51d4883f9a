/**
 * Benchmark: the API hot path. How fast the real app answers two read-only codes, the global
 * configuration (`00000`, the first call every client start makes) and the market list
 * (`10068`, the home screen's), compared with a bare Fastify POST route on the same path that
 * answers with the same bytes, on the same machine in the same run.
 *
 * The servers run in a child process (bench/servers.ts) so that the load generator, autocannon,
 * does not compete with them for one event loop. Each target gets a short warm-up and then a
 * bounded measured run; the targets run one after the other, never at once. Every response must
 * be 2xx with a success envelope: the product route answers some failures with HTTP 200 and an
 * error envelope, so the status alone is not enough.
 *
 * The figures are the ratios `00000 / bare 00000` and `10068 / bare 10068` (goal 0.7x); absolute
 * numbers depend on the machine. On a small machine the load generator and the servers share the
 * cores, and back-to-back runs of one target differed by a third, so each group runs BENCH_ROUNDS
 * times, the app, its bare route and the body-only route one after the other (the order turned
 * every round), and the figure is the median of the rounds' ratios: each ratio compares two runs
 * a few seconds apart. The bare route sends the app's bytes, headers and body (bench/servers.ts);
 * the body-only route the same body with Fastify's default headers, printed beside it.
 *
 *   node bench/config-throughput.ts
 *   BENCH_SECONDS=3 BENCH_CONNECTIONS=50 node bench/config-throughput.ts
 *
 * Exit code 0 when every request succeeded, 1 when the servers did not start or any request failed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { codePath, isEnvelope, RESP_OK } from '../protocol/envelope.ts';
import { envInteger } from '../server/config.ts';
import { HOT_CODES } from './lib/hot-path.ts';
import { type Figure, formatRatio, integerFormat, median, table, writeSummary } from './lib/report.ts';
import type { ServerPorts } from './servers.ts';

const SERVERS_SCRIPT = path.join(import.meta.dirname, 'servers.ts');
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

interface Settings {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
}

function readSettings(): Settings {
  return {
    seconds: envInteger(process.env, 'BENCH_SECONDS', 4, 1, 3600),
    rounds: envInteger(process.env, 'BENCH_ROUNDS', 3, 1, 100),
    warmupSeconds: envInteger(process.env, 'BENCH_WARMUP_SECONDS', 2, 0, 600),
    connections: envInteger(process.env, 'BENCH_CONNECTIONS', 20, 1, 10_000),
  };
}

// ---------------------------------------------------------------------------------------------
// The servers' child process

let servers: ChildProcess | undefined;

function parsePorts(line: string): ServerPorts {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error(`the bench servers printed something other than their ports: ${line.slice(0, 200)}`);
  }
  const isPort = (port: unknown): port is number =>
    typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65_536;
  const ports = value as Partial<ServerPorts> | null;
  if (!ports || !isPort(ports.meridian) || !isPort(ports.anchor) || !isPort(ports.bodyAnchor)) {
    throw new Error(`the bench servers printed no valid ports: ${line.slice(0, 200)}`);
  }
  return { meridian: ports.meridian, anchor: ports.anchor, bodyAnchor: ports.bodyAnchor };
}

/** Waits for the child's first stdout line; anything it prints later is passed on to stderr. */
function readPorts(child: ChildProcess): Promise<ServerPorts> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error('the bench servers have no stdout'));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const finish = (error: Error | null, ports?: ServerPorts, rest = ''): void => {
      clearTimeout(timer);
      stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (rest) process.stderr.write(rest);
      stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      if (error || !ports) reject(error ?? new Error('no ports'));
      else resolve(ports);
    };
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      const rest = buffered.slice(newline + 1);
      try {
        finish(null, parsePorts(buffered.slice(0, newline).trim()), rest);
      } catch (error) {
        finish(error as Error, undefined, rest);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      finish(new Error(`the bench servers exited before they were ready (${signal ?? `exit code ${code}`})`));
    const onError = (error: Error): void => finish(error);
    const timer = setTimeout(
      () =>
        finish(new Error(`the bench servers did not report their ports within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

async function stopServers(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function startServers(): Promise<ServerPorts> {
  // Same Node and flags (e.g. type stripping on older Node), but no second debugger on one port.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--inspect'));
  // stdin stays an open pipe: the child stops when it closes, so it cannot outlive this process.
  const child = spawn(process.execPath, [...execArgv, SERVERS_SCRIPT], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  servers = child;
  try {
    return await readPorts(child);
  } catch (error) {
    await stopServers(child);
    throw error;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const stopping = servers ? stopServers(servers) : Promise.resolve();
    void stopping.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------------------------
// Targets and load

/**
 * What a target is: the app, the bare route that sends the app's bytes (headers and body: the
 * goal's anchor), or the bare route that sends the app's body with Fastify's default headers.
 */
type Kind = 'app' | 'bare' | 'body';

const KIND_PREFIX: Record<Kind, string> = { app: '', bare: 'bare ', body: 'body-only ' };

interface Target {
  name: string;
  code: string;
  kind: Kind;
  /** Method and path, for the table. */
  request: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | undefined;
  /** Whether a response body is the success the target should answer with. */
  accepts(body: string): boolean;
}

function codeTarget(port: number, code: string, kind: Kind): Target {
  const urlPath = codePath(code);
  return {
    name: `${KIND_PREFIX[kind]}${code}`,
    code,
    kind,
    request: `POST ${urlPath}`,
    url: `http://${HOST}:${port}${urlPath}`,
    method: 'POST',
    // What the client sends: an empty form, with the CSRF guard's header.
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '0',
    },
    body: '',
    accepts(body) {
      try {
        const value: unknown = JSON.parse(body);
        return isEnvelope(value) && value.respCode === RESP_OK && value.data !== null;
      } catch {
        return false;
      }
    },
  };
}

/** One request before any load, so that a broken target fails with its answer in view. */
async function preflight(target: Target): Promise<void> {
  const response = await fetch(target.url, {
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
  });
  const body = await response.text();
  if (!response.ok || !target.accepts(body)) {
    throw new Error(`${target.name}: unexpected answer ${response.status}: ${body.slice(0, 300)}`);
  }
}

/**
 * The answer's headers as the wire carries them to the load generator (node:http sends only the
 * target's headers, as autocannon does; fetch would add its own `accept-encoding` and get a
 * compressed answer), but for those that differ by the moment: the date, and the length (the
 * market list's prices move, so the app's body now is not the one the anchor captured at start-up;
 * its shape is checked by `preflight`).
 */
function wireHeaders(target: Target): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      target.url,
      { method: target.method, headers: target.headers },
      (response) => {
        response.resume();
        response.on('end', () => {
          const varying = new Set(['date', 'content-length']);
          const headers = Object.entries(response.headers)
            .filter(([name]) => !varying.has(name))
            .map(([name, value]) => `${name}: ${String(value)}`);
          resolve(`${response.statusCode}\n${headers.sort().join('\n')}`);
        });
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

/**
 * The goal's anchor must answer with the app's headers; a bench that compares against anything
 * else fails before it measures.
 */
async function checkSameBytes(targets: readonly Target[], code: string): Promise<void> {
  const app = targets.find((target) => target.code === code && target.kind === 'app');
  const bare = targets.find((target) => target.code === code && target.kind === 'bare');
  if (!app || !bare) throw new Error(`no app or bare target for ${code}`);
  const [mine, theirs] = [await wireHeaders(app), await wireHeaders(bare)];
  if (mine !== theirs) {
    throw new Error(`bare ${code} does not answer with the app's headers:\n${mine}\n---\n${theirs}`);
  }
}

interface Run {
  target: Target;
  /** 1-based; warm-ups are round 0. */
  round: number;
  phase: 'warm-up' | 'measured';
  result: autocannon.Result;
  /** Every response's time in milliseconds, unrounded, in arrival order. */
  latencies: Float64Array;
  firstError: string | undefined;
  firstBadBody: string | undefined;
}

async function load(
  target: Target,
  phase: Run['phase'],
  round: number,
  seconds: number,
  connections: number,
): Promise<Run> {
  process.stderr.write(
    `${phase === 'warm-up' ? 'warming up' : `round ${round}: measuring`} ${target.name} for ${seconds} s\n`,
  );
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let firstError: string | undefined;
  let firstBadBody: string | undefined;
  const instance = autocannon({
    url: target.url,
    connections,
    duration: seconds,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    verifyBody(body) {
      const ok = target.accepts(body);
      if (!ok) firstBadBody ??= body.slice(0, 300);
      return ok;
    },
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
  });
  instance.on('reqError', (error) => {
    firstError ??= error.message;
  });
  const result = await instance;
  return { target, phase, round, result, latencies: latencies.slice(0, count), firstError, firstBadBody };
}

// ---------------------------------------------------------------------------------------------
// Report

/** Nearest-rank percentile of unrounded times (autocannon's own histogram rounds to whole ms). */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort();
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function failuresOf(run: Run): string[] {
  const { result } = run;
  const where = `${run.target.name} (${run.phase})`;
  const failures: string[] = [];
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${count} × ${status}`)
      .join(', ');
    failures.push(`${where}: ${result.non2xx} non-2xx responses (${codes})`);
  }
  if (result.errors > 0) {
    failures.push(
      `${where}: ${result.errors} errors, ${result.timeouts} of them timeouts (first: ${run.firstError ?? 'unknown'})`,
    );
  }
  if (result.mismatches > 0) {
    failures.push(
      `${where}: ${result.mismatches} unexpected bodies (first: ${run.firstBadBody ?? 'unknown'})`,
    );
  }
  if (result['2xx'] === 0) failures.push(`${where}: no successful response at all`);
  return failures;
}

interface PairRatio {
  code: string;
  /** Which anchor the app is compared with. */
  anchor: Exclude<Kind, 'app'>;
  /** Requests per second of the app over its bare route's, per round, in round order. */
  perRound: number[];
  median: number;
  /** p99 of the app over the bare route's, over every round's responses. */
  p99: number;
  app: { rps: number; runs: Run[] };
  bare: { rps: number; runs: Run[] };
}

const joined = (runs: readonly Run[]): Float64Array => {
  const all = new Float64Array(runs.reduce((n, run) => n + run.latencies.length, 0));
  let at = 0;
  for (const run of runs) {
    all.set(run.latencies, at);
    at += run.latencies.length;
  }
  return all;
};

function pairRatios(measured: readonly Run[], anchor: PairRatio['anchor']): PairRatio[] {
  return HOT_CODES.flatMap((code) => {
    const app = measured.filter((run) => run.target.code === code && run.target.kind === 'app');
    const bare = measured.filter((run) => run.target.code === code && run.target.kind === anchor);
    const perRound = app.flatMap((run) => {
      const pair = bare.find((other) => other.round === run.round);
      return pair ? [run.result.requests.average / pair.result.requests.average] : [];
    });
    if (perRound.length === 0) return [];
    const rps = (runs: Run[]) => median(runs.map((run) => run.result.requests.average));
    return [
      {
        code,
        anchor,
        perRound,
        median: median(perRound),
        p99: percentile(joined(app), 99) / percentile(joined(bare), 99),
        app: { rps: rps(app), runs: app },
        bare: { rps: rps(bare), runs: bare },
      },
    ];
  });
}

function report(settings: Settings, measured: readonly Run[], failures: readonly string[]): string {
  const rows = [
    ['round', 'target', 'request', 'req/s (avg)', 'p99 ms', 'responses', 'non-2xx', 'errors', 'bad body'],
  ];
  for (const run of measured) {
    const { result } = run;
    rows.push([
      String(run.round),
      run.target.name,
      run.target.request,
      integerFormat.format(result.requests.average),
      percentile(run.latencies, 99).toFixed(2),
      integerFormat.format(run.latencies.length),
      String(result.non2xx),
      String(result.errors),
      String(result.mismatches),
    ]);
  }
  const lines = [
    `config throughput: ${settings.rounds} rounds of ${settings.seconds} s per target (the app, its bare ` +
      `route and the body-only route one after the other) after a ${settings.warmupSeconds} s warm-up each, ${settings.connections} ` +
      'connections, loopback, servers in a child process',
    '',
    table(rows, new Set([0, 3, 4, 5, 6, 7, 8])),
    '',
  ];
  for (const pair of [...pairRatios(measured, 'bare'), ...pairRatios(measured, 'body')]) {
    lines.push(
      `${pair.code} / ${KIND_PREFIX[pair.anchor]}${pair.code}: ${formatRatio(pair.median)}x requests per second (median of ` +
        `${pair.perRound.map((ratio) => formatRatio(ratio)).join(', ')}), p99 ${formatRatio(pair.p99)}x`,
    );
  }
  if (failures.length === 0) {
    lines.push('every response was 2xx with the expected body');
  } else {
    lines.push('FAILED:', ...failures.map((failure) => `  ${failure}`));
  }
  return `${lines.join('\n')}\n`;
}

/** The hot path's goal: each code at 0.7x or more of the bare route's requests per second. */
const GOAL_RATIO = 0.7;

function figures(measured: readonly Run[]): Figure[] {
  const goal = pairRatios(measured, 'bare').map((pair) => ({
    figure: `${pair.code} requests/s`,
    value: pair.app.rps,
    unit: 'req/s',
    anchor: pair.bare.rps,
    anchorName: 'bare Fastify POST, same bytes',
    ratio: pair.median,
    goal: `ratio >= ${GOAL_RATIO}`,
    met: pair.median >= GOAL_RATIO,
    note: `median of ${pair.perRound.length} paired rounds`,
  }));
  // Beside it, what the app's headers cost: the same code against the body alone.
  const bodyOnly = pairRatios(measured, 'body').map((pair) => ({
    figure: `${pair.code} requests/s, body-only anchor`,
    value: pair.app.rps,
    unit: 'req/s',
    anchor: pair.bare.rps,
    anchorName: 'bare Fastify POST, same body',
    ratio: pair.median,
    goal: 'printed',
    met: true,
    note: `median of ${pair.perRound.length} paired rounds; the anchor sends Fastify's default headers only`,
  }));
  return [...goal, ...bodyOnly];
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const settings = readSettings();
  const ports = await startServers();
  const child = servers;
  let diedEarly = false;
  child?.once('exit', () => {
    diedEarly = true;
  });
  try {
    const targets = HOT_CODES.flatMap((code) => [
      codeTarget(ports.meridian, code, 'app'),
      codeTarget(ports.anchor, code, 'bare'),
      codeTarget(ports.bodyAnchor, code, 'body'),
    ]);
    for (const target of targets) await preflight(target);
    for (const code of HOT_CODES) await checkSameBytes(targets, code);

    const measured: Run[] = [];
    const failures: string[] = [];
    if (settings.warmupSeconds > 0) {
      for (const target of targets) {
        failures.push(
          ...failuresOf(await load(target, 'warm-up', 0, settings.warmupSeconds, settings.connections)),
        );
      }
    }
    for (let round = 1; round <= settings.rounds; round += 1) {
      for (const code of HOT_CODES) {
        const group = targets.filter((target) => target.code === code);
        // The order turns every round, so no side always runs on a machine another warmed.
        const turned = [...group.slice(round % group.length), ...group.slice(0, round % group.length)];
        for (const target of turned) {
          const run = await load(target, 'measured', round, settings.seconds, settings.connections);
          failures.push(...failuresOf(run));
          measured.push(run);
        }
      }
    }
    if (diedEarly) failures.push('the bench servers exited during the run');
    process.stdout.write(report(settings, measured, failures));
    writeSummary(figures(measured));
    return failures.length === 0 ? 0 : 1;
  } finally {
    if (child) await stopServers(child);
  }
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
