/** bench/live-feed.ts's printed table. */
import { integerFormat, table } from './lib/report.ts';
import { GOAL_P99_MS, type LiveSettings } from './live-feed-settings.ts';

export interface Latencies {
  messages: number;
  /** Messages every client watching their symbol received. */
  delivered: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PhaseResult {
  instruments: number;
  rate: number;
  clients: number;
  /** The probe instrument's messages, each to the last of every client. */
  probe: Latencies;
  /** Every instrument's messages, each to the last client watching it. */
  all: Latencies;
  failures: string[];
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

export function printLiveReport(phases: readonly PhaseResult[], settings: LiveSettings): void {
  const rows = [
    ['instruments', 'messages/s', 'clients', 'probe p50', 'probe p99', 'probe max', 'all p99', 'delivered'],
    ...phases.map((p) => [
      integerFormat.format(p.instruments),
      integerFormat.format(p.instruments * p.rate),
      integerFormat.format(p.clients),
      ms(p.probe.p50),
      ms(p.probe.p99),
      ms(p.probe.max),
      ms(p.all.p99),
      `${integerFormat.format(p.all.delivered)} of ${integerFormat.format(p.all.messages)}`,
    ]),
  ];
  process.stdout.write(
    `\nLive feed: upstream book ticker → guard → engine → SSE, to the last client (goal p99 <= ${GOAL_P99_MS} ms), ` +
      `${settings.seconds} s measured per phase; the first row is the anchor\n`,
  );
  process.stdout.write(`${table(rows, new Set([0, 1, 2, 3, 4, 5, 6]))}\n`);
  for (const p of phases)
    for (const failure of p.failures) process.stdout.write(`FAILED (${p.instruments}): ${failure}\n`);
}
