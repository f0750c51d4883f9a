/**
 * Lighthouse's CPU throttling calibrated to the host, as Lighthouse's throttling documentation
 * advises: its simulated 4x slowdown stands for a mid-tier phone on a host whose benchmark index is
 * near 2,000; a faster host needs a larger multiplier to judge the same phone. So before the audits
 * the host's index is measured (Lighthouse's own benchmark, the median of a few quick runs against
 * a tiny local page) and the runs use max(4, index / 500). The same commit then scores alike on a
 * host at ~2,400 and one at ~3,700, which a fixed 4x did not (0.75 against 0.98).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The multiplier Lighthouse's 4x stands for at this host's speed, to one decimal. */
export function cpuMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return 4;
  return Math.max(4, Math.round((benchmarkIndex / 500) * 10) / 10);
}

export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface Calibration {
  /** Every measured index, in the order measured. */
  indexes: number[];
  benchmarkIndex: number;
  multiplier: number;
}

// The parts of Lighthouse's and chrome-launcher's APIs used here (both are @lhci/cli's own
// dependencies; their published types are not resolvable from this package).
type RunLighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyAudits: string[] },
) => Promise<{ lhr: { environment: { benchmarkIndex: number } } } | undefined>;
type LaunchChrome = (options: {
  chromePath: string;
  chromeFlags: string[];
}) => Promise<{ port: number; kill(): Promise<void> | void }>;

/** Measures the host's benchmark index `runs` times in one Chromium and takes the median. */
export async function calibrate(chromePath: string, chromeFlags: string[], runs = 3): Promise<Calibration> {
  const lighthouse = (await import('lighthouse')).default as unknown as RunLighthouse;
  const { launch } = (await import('chrome-launcher')) as unknown as { launch: LaunchChrome };
  const page = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><html lang="en"><title>benchmark</title><p>benchmark</p></html>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  const chrome = await launch({ chromePath, chromeFlags });
  const indexes: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyAudits: ['first-contentful-paint'],
      });
      const index = result?.lhr.environment.benchmarkIndex;
      if (typeof index === 'number' && index > 0) indexes.push(index);
    }
  } finally {
    await chrome.kill();
    page.close();
  }
  const benchmarkIndex = indexes.length > 0 ? medianOf(indexes) : 0;
  return { indexes, benchmarkIndex, multiplier: cpuMultiplier(benchmarkIndex) };
}

/** The flag that gives `lhci collect`'s runs the calibrated multiplier. */
export function multiplierFlag(multiplier: number): string {
  return `--settings.throttling.cpuSlowdownMultiplier=${multiplier}`;
}

/**
 * Whether a page's runs were throttled for the host they ran on: the multiplier the median of
 * their own benchmark indexes (Lighthouse measures one at the start of every run) calls for,
 * against the one they were given. Off by more than `tolerance` (a fraction) either way, the
 * calibration missed: before the runs the host can read faster or slower than it is during them
 * (2026-12-02: calibrations of 2,938 and 3,124, multipliers 5.9 and 6.2, before runs that measured
 * 1,946-2,697 and 2,123-3,074). Null when it held (or when the runs carry no index).
 */
export function recalibrated(applied: number, runIndexes: number[], tolerance = 0.15): number | null {
  const indexes = runIndexes.filter((i) => Number.isFinite(i) && i > 0);
  if (indexes.length === 0) return null;
  const implied = cpuMultiplier(medianOf(indexes));
  return Math.abs(applied - implied) / implied > tolerance ? implied : null;
}
