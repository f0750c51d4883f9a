import { codePath } from '../protocol/envelope.ts';
import { type Figure, formatRatio, integerFormat, table } from './lib/report.ts';
import { anchorTarget, type TargetRun } from './market-candles.ts';
import type { Ready } from './market-child.ts';
import {
  LIMIT,
  MIN_REQUESTS,
  type Settings,
  SYMBOL,
  TICK_GAP_MS,
  WARMUP_MIN_MS,
  WARMUP_TICKS,
} from './market-settings.ts';
import type { LevelRun } from './market-stream.ts';

// ---------------------------------------------------------------------------------------------
// Report

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function ms(value: number): string {
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

export function candlesReport(settings: Settings, ready: Ready, runs: readonly TargetRun[]): string {
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

export function candleFigures(runs: readonly TargetRun[]): Figure[] {
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

export function streamFigures(levels: readonly LevelRun[]): Figure[] {
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

export function streamReport(
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
