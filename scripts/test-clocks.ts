/**
 * `npm run test:clocks`: the whole `npm test` once per moment, each with every process's clock
 * moved to it (MERIDIAN_TEST_CLOCK, docs/testing.md "The clock"): a Saturday, a Sunday, the hour
 * New York's clocks go forward, and the last minutes of a year. A test that reads the calendar
 * (a market's hours, "today", a year's end) fails in one of them. Moments may be given instead:
 * `npm run test:clocks -- 2027-11-07T05:55:00Z`. Ends with one line, `N passed, N failed`, summed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { defaultMoments } from './clock-moments.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Outcome {
  label: string;
  at: string;
  passed: number;
  failed: number;
  summary: string;
}

function runAt(label: string, at: string): Promise<Outcome> {
  process.stdout.write(`\n##### npm test with the clock at ${at} (${label}) #####\n`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/test.ts'], {
      cwd: ROOT,
      env: { ...process.env, MERIDIAN_TEST_CLOCK: at },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let tail = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      tail = (tail + String(chunk)).slice(-4000);
    });
    child.on('close', () => {
      const lines = tail.trim().split('\n');
      const last = lines.findLast((line) => /^\d+ passed, \d+ failed/.test(line)) ?? '';
      const [, passed = '0', failed = '1'] = /^(\d+) passed, (\d+) failed/.exec(last) ?? [];
      const failedLine = lines.findLast((line) => line.startsWith('Failed: ')) ?? '';
      resolve({
        label,
        at,
        passed: Number(passed),
        failed: last ? Number(failed) : 1,
        summary: `${last || 'no summary line'}${failedLine ? ` (${failedLine})` : ''}`,
      });
    });
  });
}

const given = process.argv.slice(2);
const moments = given.length > 0 ? given.map((at) => [at, at] as const) : defaultMoments();
const outcomes: Outcome[] = [];
for (const [label, at] of moments) outcomes.push(await runAt(label, at));

process.stdout.write('\n##### every clock #####\n');
for (const o of outcomes) process.stdout.write(`${o.at}  ${o.label}: ${o.summary}\n`);
const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
