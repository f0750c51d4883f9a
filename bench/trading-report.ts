import { formatRatio, table } from './lib/report.ts';
import { percentile, type Result } from './trading-measure.ts';

export const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');

/**
 * Issue #41's goal for the p99 from tick to entry, in ms: at most 25 ms for 1,000 positions (or
 * fewer) on either database, at most 50 ms for 10,000 (or more) on PostgreSQL; null for a size
 * between, or 10,000 on PGlite, where none was set.
 */
export function triggerGoal(target: string, positions: number): number | null {
  if (positions <= 1000) return 25;
  if (positions >= 10_000 && target === 'postgres') return 50;
  return null;
}

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
      `${r.failures} failed; audit ${r.auditOk ? 'clean' : 'NOT CLEAN'}; ${goalLine(r)}\n` +
      `  engine run p50 ${ms(percentile(r.engineRuns, 50))} ms, p99 ${ms(percentile(r.engineRuns, 99))} ms; ` +
      `the bench's check of due positions p50 ${ms(percentile(r.tickWork, 50))} ms a tick (after the run, not inside the latency)`,
  );
  return `${table(rows, new Set([1, 3, 4, 5, 6, 7, 8, 9, 10]))}\n${notes.join('\n')}`;
}

function goalLine(r: Result): string {
  const goal = triggerGoal(r.target, r.positions);
  if (goal === null) return 'no goal at this size';
  return `goal p99 <= ${goal} ms ${percentile(r.settled, 99) <= goal ? 'met' : 'NOT met'}`;
}
