/**
 * How busy the host is, read from Linux's /proc/stat: the share of all CPUs' time spent on work
 * other than idling, and the share the hypervisor took for other machines (steal). Lighthouse's
 * runs wait for a quiet host before they start, so that a score judges the app and not a
 * neighbour: on a 2-vCPU VM the same commit scored /news 0.99 with the host quiet and 0.67 in a
 * run whose host was busy with something else, at the same benchmark index.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Cumulative CPU time (in clock ticks) from the first line of /proc/stat. */
export interface CpuTimes {
  total: number;
  /** Everything but idle and iowait. */
  busy: number;
  steal: number;
}

/** Parses `cpu  user nice system idle iowait irq softirq steal guest guest_nice`; null if absent. */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map((field) => Number(field) || 0);
  const total = [user, nice, system, idle, iowait, irq, softirq, steal].reduce<number>(
    (s, v) => s + (v ?? 0),
    0,
  );
  return { total, busy: total - (idle ?? 0) - (iowait ?? 0), steal: steal ?? 0 };
}

export interface Load {
  /** Share of all CPUs' time busy (steal included: time this VM could not have). */
  busy: number;
  steal: number;
}

/** The load between two readings, as shares of the time that passed. */
export function loadBetween(before: CpuTimes, after: CpuTimes): Load {
  const total = after.total - before.total;
  if (total <= 0) return { busy: 0, steal: 0 };
  return { busy: (after.busy - before.busy) / total, steal: (after.steal - before.steal) / total };
}

function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

export interface QuietWait {
  /** False when /proc/stat is not there (not Linux): nothing was waited for. */
  measured: boolean;
  quiet: boolean;
  waitedMs: number;
  /** The last second's load. */
  load: Load;
  /** When the host never got quiet: the busiest processes' names and CPU shares (no arguments). */
  busiest: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the host's load stays at or below `threshold` for `quietSeconds` one-second
 * samples in a row, or `timeoutMs` passed. Never throws: a host that stays busy is reported, and
 * the runs go on.
 */
export async function waitForQuietHost({
  threshold = 0.25,
  quietSeconds = 3,
  timeoutMs = 90_000,
} = {}): Promise<QuietWait> {
  const started = Date.now();
  let previous = readCpuTimes();
  if (!previous)
    return { measured: false, quiet: true, waitedMs: 0, load: { busy: 0, steal: 0 }, busiest: '' };
  let quietInARow = 0;
  let load: Load = { busy: 0, steal: 0 };
  while (Date.now() - started < timeoutMs) {
    await sleep(1000);
    const now = readCpuTimes();
    if (!now) break;
    load = loadBetween(previous, now);
    previous = now;
    quietInARow = load.busy <= threshold ? quietInARow + 1 : 0;
    if (quietInARow >= quietSeconds) {
      return { measured: true, quiet: true, waitedMs: Date.now() - started, load, busiest: '' };
    }
  }
  return { measured: true, quiet: false, waitedMs: Date.now() - started, load, busiest: busiestProcesses() };
}

/** The five busiest processes by name (`ps` without arguments: no paths or user data). */
function busiestProcesses(): string {
  try {
    return execFileSync('ps', ['-eo', 'pcpu=,comm=', '--sort=-pcpu'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(0, 5)
      .map((line) => {
        const [cpu, ...name] = line.trim().split(/\s+/);
        return `${name.join(' ')} ${cpu}%`;
      })
      .join(', ');
  } catch {
    return '';
  }
}

/** One line for the log: how the host was when a page's runs began. */
export function describeQuietWait(wait: QuietWait): string {
  if (!wait.measured) return 'host load not measured (no /proc/stat)';
  const pct = (share: number) => `${Math.round(share * 100)}%`;
  const state = `CPU busy ${pct(wait.load.busy)} (steal ${pct(wait.load.steal)})`;
  const waited = `after ${Math.round(wait.waitedMs / 1000)} s`;
  return wait.quiet
    ? `host quiet: ${state} ${waited}`
    : `host still busy ${waited}: ${state}; busiest: ${wait.busiest}`;
}
