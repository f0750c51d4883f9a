/**
 * Runs Lighthouse CI (lighthouserc.json) with the CPU multiplier calibrated to this host
 * (scripts/lighthouse-calibrate.ts), then prints the medians the assertions judge, each page with
 * the benchmark index and multiplier its runs had. Used by `npm run lighthouse` and `npm test`;
 * exits non-zero when an assertion fails.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { calibrate, multiplierFlag } from './lighthouse-calibrate.ts';
import { type LighthouseTally, summarizeLighthouse } from './lighthouse-summary.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export async function runLighthouse(chromePath: string): Promise<LighthouseTally | null> {
  const rc = JSON.parse(readFileSync(path.join(ROOT, 'lighthouserc.json'), 'utf8')) as {
    ci: { collect: { settings: { chromeFlags: string } } };
  };
  const flags = rc.ci.collect.settings.chromeFlags.split(/\s+/).filter(Boolean);
  const measured = await calibrate(chromePath, flags);
  process.stdout.write(
    `Lighthouse calibration: benchmarkIndex ${measured.benchmarkIndex} (runs: ${measured.indexes.join(', ')}), ` +
      `CPU multiplier ${measured.multiplier} = max(4, index / 500)\n`,
  );
  rmSync(path.join(ROOT, 'reports/lighthouse'), { recursive: true, force: true });
  spawnSync('lhci', ['autorun', multiplierFlag(measured.multiplier)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  return summarizeLighthouse(ROOT);
}

if (import.meta.main) {
  const tally = await runLighthouse(process.env.CHROMIUM_PATH || '/usr/bin/chromium');
  for (const line of tally?.lines ?? ['no Lighthouse report was written']) process.stdout.write(`${line}\n`);
  process.exitCode = tally && tally.failed === 0 ? 0 : 1;
}
