import { formatRatio, table } from './lib/report.ts';
import { percentile, type Result } from './trading-measure.ts';

export const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');

export function report(results: Result[]): string {
  const rows = [
    [
      'database',
      'positions',
      'ticks',
      'engine runs',
      'settled',
      'p50 ms',
      'p99 ms',
      'max ms',
      'bare p50 ms',
      'bare p99 ms',
      'p99 / bare p99',
    ],
  ];
  for (const r of results) {
    const p99 = percentile(r.settled, 99);
    const bare99 = percentile(r.bare, 99);
    rows.push([
      r.target,
      String(r.positions),
      `${r.ticks} x ${r.instruments}`,
      String(r.runs),
      String(r.settled.length),
      ms(percentile(r.settled, 50)),
      ms(p99),
      ms(r.settled.at(-1) ?? Number.NaN),
      ms(percentile(r.bare, 50)),
      ms(bare99),
      formatRatio(p99 / bare99),
    ]);
  }
  const notes = results.map(
    (r) =>
      `${r.target}: ${r.retreated} due at a tick but not by the time the engine looked; ${r.dueAtEnd} still due at the end; ` +
      `${r.failures} failed; audit ${r.auditOk ? 'clean' : 'NOT CLEAN'}; goal p99 < 50 ms ${percentile(r.settled, 99) < 50 ? 'met' : 'not met'}\n` +
      `  engine run p50 ${ms(percentile(r.engineRuns, 50))} ms, p99 ${ms(percentile(r.engineRuns, 99))} ms; ` +
      `the bench's check of due positions p50 ${ms(percentile(r.tickWork, 50))} ms a tick (after the run, not inside the latency)`,
  );
  return `${table(rows, new Set([1, 3, 4, 5, 6, 7, 8, 9, 10]))}\n${notes.join('\n')}`;
}
