/**
 * `npm test`: every check the project has, in order, each counted, ending with one plain line
 * `N passed, N failed` summed over all runners (typecheck and lint count one each; Vitest and
 * Playwright count their tests). Runs everything even after a failure, so one run shows all
 * that is wrong; exits non-zero when anything failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { CLOCK_OFFSET_VARIABLE, offsetTo } from '../server/clock.ts';
import { runLighthouse } from './lighthouse.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

const STARTED = Date.now();

/** Minutes and seconds since the run began: CI's time limit is for the whole run. */
function elapsed(): string {
  const seconds = Math.round((Date.now() - STARTED) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function banner(title: string): void {
  process.stdout.write(`\n=== ${title} (at ${elapsed()}) ===\n`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** A step that is one check: it passes or fails as a whole. */
function check(title: string, command: string, args: string[]): boolean {
  banner(title);
  return count(title, run(command, args) === 0);
}

/** Counts one check that passed or failed as a whole. */
function count(title: string, ok: boolean): boolean {
  if (ok) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(title);
  }
  return ok;
}

/** Checks that pass or fail as a whole, run side by side; their output in the order given. */
async function checkTogether(checks: [title: string, command: string, args: string[]][]): Promise<void> {
  const results = await Promise.all(
    checks.map(
      ([, command, args]) =>
        new Promise<{ status: number; output: string }>((resolve) => {
          const child = spawn(command, args, { cwd: ROOT, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => {
            output += String(chunk);
          });
          child.stderr.on('data', (chunk: Buffer) => {
            output += String(chunk);
          });
          child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
          child.on('close', (code) => resolve({ status: code ?? 1, output }));
        }),
    ),
  );
  for (const [i, [title]] of checks.entries()) {
    const result = results[i] ?? { status: 1, output: '' };
    banner(title);
    process.stdout.write(result.output);
    count(title, result.status === 0);
  }
}

function add(title: string, tally: Tally | null): void {
  if (!tally) {
    total.failed += 1;
    failures.push(`${title} (no report: the runner did not finish)`);
    return;
  }
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  if (tally.failed > 0) failures.push(`${title}: ${tally.failed} failed`);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Debian's Chromium is the only browser the tests use; it is never downloaded by a test tool. */
function ensureChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    banner(`Chromium not found at ${CHROMIUM}: installing Debian's chromium with apt-get`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
    if (existsSync(CHROMIUM)) return true;
  }
  process.stderr.write(
    `\nChromium is needed for the end-to-end tests and was not found at ${CHROMIUM}.\n` +
      'On Debian or Ubuntu: sudo apt-get install chromium (then run npm test again).\n' +
      'Elsewhere: install Chromium and set CHROMIUM_PATH to its executable.\n' +
      'The tests never download a browser of their own.\n',
  );
  return false;
}

mkdirSync(RESULTS, { recursive: true });

// A run on another day (docs/testing.md, "The clock"): MERIDIAN_TEST_CLOCK=<ISO moment> gives every
// process this run starts one offset from the wall clock, computed once here, so that the Vitest
// workers, the servers they spawn, the e2e server, the spec processes and the pages all agree.
const clockAt = process.env.MERIDIAN_TEST_CLOCK;
if (clockAt) {
  process.env[CLOCK_OFFSET_VARIABLE] = String(offsetTo(clockAt));
  banner(`the clock of every process reads ${new Date(Date.parse(clockAt)).toISOString()} at the start`);
}

// The three type checks and the linter at once (two cores; one after another they took 30 s),
// each printed as a whole when all are done.
await checkTogether([
  ['typecheck: client (DOM)', 'tsc', ['-p', 'tsconfig.app.json']],
  ['typecheck: service worker (WebWorker)', 'tsc', ['-p', 'tsconfig.sw.json']],
  ['typecheck: server, protocol, tests, bench', 'tsc', ['-p', 'tsconfig.server.json']],
  ['lint and format (biome)', 'biome', ['ci', '.']],
]);

banner('unit and integration tests (vitest, PGlite and PostgreSQL)');
const vitestReport = path.join(RESULTS, 'vitest.json');
rmSync(vitestReport, { force: true });
run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  numFailedTestSuites: number;
}>(vitestReport);
add(
  'vitest',
  vitest && {
    passed: vitest.numPassedTests,
    // A file that fails to load has no tests to count; it still fails the run.
    failed:
      vitest.numFailedTests +
      (vitest.numFailedTests === 0 && !vitest.success ? Math.max(1, vitest.numFailedTestSuites) : 0),
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  },
);

if (
  check('client build (vite)', 'vite', ['build', '--logLevel', 'warn']) &&
  // The server's render of the first screen (src/entry-server.tsx), which the e2e server sends.
  check('first screen build (vite --ssr)', 'vite', [
    'build',
    '--ssr',
    'src/entry-server.tsx',
    '--logLevel',
    'warn',
  ])
) {
  if (ensureChromium()) {
    banner('end-to-end tests (Playwright, Debian Chromium)');
    const e2eReport = path.join(RESULTS, 'e2e-report.json');
    rmSync(e2eReport, { force: true });
    const status = run('playwright', ['test']);
    const e2e = readJson<{ stats: { expected: number; unexpected: number; skipped: number; flaky: number } }>(
      e2eReport,
    );
    // A run that failed before any test (a web server that could not start, a port in use) writes
    // a report with nothing unexpected in it: its exit status is the failure then.
    const startFailed = status !== 0 && e2e !== null && e2e.stats.unexpected === 0;
    add(
      'playwright',
      e2e && {
        passed: e2e.stats.expected + e2e.stats.flaky,
        failed: e2e.stats.unexpected + (startFailed ? 1 : 0),
        skipped: e2e.stats.skipped,
      },
    );
    if (startFailed) failures.push('playwright: the run failed before its tests (see its output above)');
    banner('Lighthouse (lighthouserc.json, Debian Chromium, mobile, CPU calibrated to the host)');
    const lighthouse = await runLighthouse(CHROMIUM);
    for (const line of lighthouse?.lines ?? []) process.stdout.write(`${line}\n`);
    add('lighthouse', lighthouse && { passed: lighthouse.passed, failed: lighthouse.failed, skipped: 0 });
  } else {
    add('playwright (no Chromium)', null);
  }
}

process.stdout.write(`\nnpm test took ${elapsed()}\n`);
if (failures.length > 0) process.stdout.write(`Failed: ${failures.join('; ')}\n`);
process.stdout.write(
  `${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}\n`,
);
process.exitCode = total.failed > 0 ? 1 : 0;
