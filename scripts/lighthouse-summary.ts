/**
 * Reads the reports of a Lighthouse CI run (`upload.target: filesystem` in lighthouserc.json) and
 * checks each page's four category scores against the assertions there, as LHCI does with
 * `aggregationMethod: median`: the median of each category over the page's runs. One result per
 * page and category; error-level misses fail, warn-level misses are printed and counted as
 * neither. Prints the medians, every run's performance score, and LCP, TBT and CLS of the run
 * LHCI picked as representative.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestEntry {
  url: string;
  /** With several runs per page, LHCI marks the median one. */
  isRepresentativeRun?: boolean;
  jsonPath: string;
  summary: Record<string, number>;
}
type Assertion = [level: 'error' | 'warn' | 'off', options: { minScore: number }];

export interface LighthouseTally {
  passed: number;
  failed: number;
  skipped: number;
  lines: string[];
}

export function summarizeLighthouse(root: string): LighthouseTally | null {
  const config = JSON.parse(readFileSync(path.join(root, 'lighthouserc.json'), 'utf8')) as {
    ci: { assert: { assertions: Record<string, Assertion> }; upload: { outputDir: string } };
  };
  let manifest: ManifestEntry[];
  try {
    manifest = JSON.parse(
      readFileSync(path.join(root, config.ci.upload.outputDir, 'manifest.json'), 'utf8'),
    ) as ManifestEntry[];
  } catch {
    return null;
  }
  const tally: LighthouseTally = { passed: 0, failed: 0, skipped: 0, lines: [] };
  for (const entry of manifest.filter((e) => e.isRepresentativeRun !== false)) {
    const report = JSON.parse(readFileSync(entry.jsonPath, 'utf8')) as {
      audits: Record<string, { displayValue?: string }>;
    };
    const metric = (id: string) => report.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '?';
    const runs = manifest.filter((e) => e.url === entry.url);
    const scores: string[] = [];
    for (const [key, [level, { minScore }]] of Object.entries(config.ci.assert.assertions)) {
      const category = key.replace(/^categories:/, '');
      const score = median(runs.map((run) => run.summary[category]));
      if (score === undefined || level === 'off') continue;
      const ok = score >= minScore;
      scores.push(
        `${category} ${score.toFixed(2)}${ok ? '' : level === 'error' ? ' FAIL' : ' (below target)'}`,
      );
      if (ok) tally.passed += 1;
      else if (level === 'error') tally.failed += 1;
      else tally.skipped += 1;
    }
    // A page that sent Lighthouse elsewhere (a wallet screen whose session did not hold goes home)
    // was not audited at all, whatever its scores.
    const facts = runs.map((run) => runFacts(run.jsonPath));
    const strays = strayLandings(
      entry.url,
      facts.map((run) => run.landedUrl),
    );
    if (strays.length > 0) {
      scores.push(`landed on ${strays.join(', ')} FAIL`);
      tally.failed += 1;
    }
    const performanceRuns = runs.map((run) => run.summary.performance?.toFixed(2) ?? '?').join(' ');
    // Every score is printed with the host's speed and the CPU multiplier its runs had.
    const indexes = facts.map((run) => run.benchmarkIndex);
    const multipliers = [...new Set(facts.map((run) => run.multiplier))].join('/');
    tally.lines.push(
      `${new URL(entry.url).pathname}: ${scores.join(', ')} (performance per run: ${performanceRuns}); ` +
        `LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
        `CLS ${metric('cumulative-layout-shift')}; benchmarkIndex ${Math.min(...indexes)}-${Math.max(...indexes)}, ` +
        `CPU multiplier ${multipliers}`,
    );
  }
  return tally;
}

/** The paths other than `requested`'s where runs ended up, each once. */
export function strayLandings(requested: string, landed: string[]): string[] {
  const want = new URL(requested).pathname;
  const paths = landed.map((url) => (URL.canParse(url) ? new URL(url).pathname : url || '(nowhere)'));
  return [...new Set(paths.filter((path) => path !== want))];
}

/**
 * What one run's report says beyond its scores, read once: the host's benchmark index, the CPU
 * multiplier the run had, and where it ended up (after any redirect).
 */
function runFacts(jsonPath: string): { benchmarkIndex: number; multiplier: number; landedUrl: string } {
  const report = JSON.parse(readFileSync(jsonPath, 'utf8')) as {
    environment?: { benchmarkIndex?: number };
    configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
    finalDisplayedUrl?: string;
  };
  return {
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    multiplier: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? 0,
    landedUrl: report.finalDisplayedUrl ?? '',
  };
}

/** The median of the scores present (the middle one, or the mean of the two middle ones). */
export function median(values: (number | undefined)[]): number | undefined {
  const sorted = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
