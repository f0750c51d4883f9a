/**
 * `npm run bench`: every benchmark, one after the other, each printing its own report, then one
 * table of the figures that matter with the anchor each was measured beside in the same run, the
 * ratio, the goal and whether it is met (bench/README.md says what each measures).
 *
 *   npm run bench
 *   BENCH_ONLY=api,market npm run bench     # some of them
 *
 * Each benchmark appends its figures as JSON lines to the file named by BENCH_SUMMARY
 * (lib/report.ts). Exit code 1 when a benchmark failed (a wrong answer, a failed audit), never for
 * a goal not met: timings inform, they do not fail a run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Figure, formatRatio, integerFormat, table } from './lib/report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Benchmark {
  name: string;
  script: string;
  /** Something to do first (the size benchmark reads the production build). */
  before?: () => boolean;
}

const BENCHMARKS: Benchmark[] = [
  { name: 'api', script: 'bench/config-throughput.ts' },
  { name: 'market', script: 'bench/market.ts' },
  { name: 'live', script: 'bench/live-feed.ts' },
  { name: 'ledger', script: 'bench/ledger.ts' },
  { name: 'trading', script: 'bench/trading.ts' },
  { name: 'solvency', script: 'bench/solvency.ts' },
  { name: 'statement', script: 'bench/statement.ts' },
  // 100,000 users by default; BIGBOOK_USERS=1000 is the small form.
  { name: 'bigbook', script: 'bench/big-book.ts' },
  { name: 'jobs', script: 'bench/jobs.ts' },
  {
    name: 'size',
    script: 'bench/first-page-size.ts',
    before: () =>
      existsSync(path.join(ROOT, 'dist', '.vite', 'manifest.json')) ||
      spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status === 0,
  },
];

function value(figure: Figure): string {
  const n = figure.value;
  const text = n >= 100 ? integerFormat.format(n) : n.toFixed(n >= 10 ? 1 : 2);
  return `${text} ${figure.unit}`;
}

function anchorCell(figure: Figure): string {
  if (figure.anchor === null) return '-';
  const n = figure.anchor;
  const text = n >= 100 ? integerFormat.format(n) : n.toFixed(n >= 10 ? 1 : 2);
  return `${text} (${figure.anchorName})`;
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const selected = BENCHMARKS.filter((b) => !only || only.includes(b.name));
const dir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-'));
const summary = path.join(dir, 'figures.jsonl');
const failed: string[] = [];
try {
  for (const benchmark of selected) {
    process.stdout.write(`\n=== ${benchmark.name}: ${benchmark.script} ===\n`);
    if (benchmark.before && !benchmark.before()) {
      failed.push(`${benchmark.name} (could not prepare)`);
      continue;
    }
    // --expose-gc: the memory figures (solvency, statement) start from a collected heap.
    const result = spawnSync(process.execPath, ['--expose-gc', benchmark.script], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_SUMMARY: summary },
    });
    if (result.status !== 0) failed.push(benchmark.name);
  }
  const figures = existsSync(summary)
    ? readFileSync(summary, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Figure)
    : [];
  const rows = [['figure', 'value', 'anchor, same run', 'ratio', 'goal', 'met']];
  for (const figure of figures) {
    rows.push([
      figure.figure,
      value(figure),
      anchorCell(figure),
      figure.ratio === null ? '-' : `${formatRatio(figure.ratio)}x`,
      figure.goal,
      figure.met ? 'yes' : 'NO',
    ]);
  }
  process.stdout.write(`\n=== every figure ===\n\n${table(rows, new Set([1, 3]))}\n`);
  for (const figure of figures.filter((f) => f.note))
    process.stdout.write(`${figure.figure}: ${figure.note}\n`);
  process.stdout.write(
    failed.length === 0 ? '\nevery benchmark ran clean\n' : `\nFAILED: ${failed.join(', ')}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed.length === 0 ? 0 : 1;
