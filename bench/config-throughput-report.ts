import { KIND_PREFIX, type Kind, type Run } from './config-throughput-load.ts';
import type { Settings } from './config-throughput-settings.ts';
import { HOT_CODES } from './lib/hot-path.ts';
import { type Figure, formatRatio, integerFormat, median, table } from './lib/report.ts';

// ---------------------------------------------------------------------------------------------
// Report

/** Nearest-rank percentile of unrounded times (autocannon's own histogram rounds to whole ms). */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = values.slice().sort();
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function failuresOf(run: Run): string[] {
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

export function report(settings: Settings, measured: readonly Run[], failures: readonly string[]): string {
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

export function figures(measured: readonly Run[]): Figure[] {
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
