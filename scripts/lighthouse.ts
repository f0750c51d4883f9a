/**
 * Runs Lighthouse CI (lighthouserc.json) with the CPU multiplier calibrated to this host
 * (scripts/lighthouse-calibrate.ts), then prints the medians the assertions judge, each page with
 * the benchmark index and multiplier its runs had. Used by `npm run lighthouse` and `npm test`;
 * exits non-zero when an assertion fails.
 *
 * The host is measured as the runs will find it: with the audited server already running (its
 * market feed ticks every second) and again just before each page's runs. Measured on an idle
 * host before the server started, the index read 2,650 while the runs themselves then measured
 * 1,750-2,440: the multiplier stood for a faster machine than the one the runs had.
 *
 * The runs then check it: Lighthouse measures the index again at the start of each run, and a page
 * whose runs' median calls for a multiplier more than 15 % away from the one they had, either way,
 * is collected once more at that one (`recalibrated`). On 2026-12-02 /home and /placeOrder were
 * calibrated at 2,938 and 3,124 (5.9x, 6.2x) while their runs measured 1,946-2,697 and
 * 2,123-3,074: judged as a much slower phone than the one the formula stands for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { matchRoute } from '../src/lib/paths.ts';
import { describeQuietWait, waitForQuietHost } from './host-load.ts';
import { describeFreshPageCost, freshPageCost } from './host-memory.ts';
import { calibrate, multiplierFlag, recalibrated } from './lighthouse-calibrate.ts';
import { type SignedInBrowser, startSignedInBrowser, VISITS_BEFORE_RUNS } from './lighthouse-session.ts';
import { type LighthouseTally, summarizeLighthouse } from './lighthouse-summary.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The audited server: the production build on the embedded database with a short backfill. */
// (This process's own Node, which is the project's: a bare `node` may be the machine's older one.)
const SERVER = {
  command:
    'rm -rf reports/lighthouse-data && PORT=8210 HOST=127.0.0.1 DATA_DIR=reports/lighthouse-data DATABASE_URL= ' +
    `LOG_LEVEL=warn MARKET_BACKFILL_MINUTE_DAYS=1 MARKET_BACKFILL_DAILY_DAYS=60 "${process.execPath}" server/main.ts`,
  ready: 'Meridian is running',
  timeoutMs: 90_000,
};

interface LighthouseRc {
  ci: { collect: { url: string[]; settings: { chromeFlags: string } } };
}

function startServer(): Promise<ChildProcess> {
  const child = spawn(SERVER.command, { cwd: ROOT, shell: true, detached: true, env: process.env });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the audited server did not start')), SERVER.timeoutMs);
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(SERVER.ready)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the audited server exited (${code}) before it was ready:\n${seen}`));
    });
  });
}

function stopServer(child: ChildProcess): void {
  // The shell and the server it started are one process group.
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

// The project's binaries and Node first, also when this script is run outside npm.
const PATH = [path.join(ROOT, 'node_modules/.bin'), path.dirname(process.execPath), process.env.PATH].join(
  path.delimiter,
);

/**
 * Runs `lhci` and resolves with its exit code. Not `spawnSync`: the audit wallet is given to each
 * new tab from this process's event loop (scripts/lighthouse-session.ts) while the runs go on.
 */
function lhci(args: string[]): Promise<number> {
  const child = spawn('lhci', args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PATH } });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** The runs `lhci collect` has stored for `url` (.lighthouseci), with the index each measured. */
function runsOf(url: string): { benchmarkIndex: number; files: string[] }[] {
  const dir = path.join(ROOT, '.lighthouseci');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => /^lhr-\d+\.json$/.test(name))
    .flatMap((name) => {
      const lhr = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as {
        requestedUrl?: string;
        environment?: { benchmarkIndex?: number };
      };
      if (lhr.requestedUrl !== url) return [];
      const json = path.join(dir, name);
      return [
        {
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
          files: [json, json.replace(/\.json$/, '.html')],
        },
      ];
    });
}

export async function runLighthouse(chromePath: string): Promise<LighthouseTally | null> {
  const rc = JSON.parse(readFileSync(path.join(ROOT, 'lighthouserc.json'), 'utf8')) as LighthouseRc;
  const flags = rc.ci.collect.settings.chromeFlags.split(/\s+/).filter(Boolean);
  rmSync(path.join(ROOT, 'reports/lighthouse'), { recursive: true, force: true });
  rmSync(path.join(ROOT, '.lighthouseci'), { recursive: true, force: true });
  const server = await startServer();
  const hostStates = new Map<string, string>();
  // Wallet screens are audited signed in (scripts/lighthouse-session.ts), in one browser started
  // before the first of them.
  let signedIn: SignedInBrowser | undefined;
  try {
    for (const [i, url] of rc.ci.collect.url.entries()) {
      const needsWallet = matchRoute(new URL(url).pathname)?.wallet === true;
      if (needsWallet && !signedIn)
        signedIn = await startSignedInBrowser(chromePath, flags, new URL(url).origin);
      // Each wallet screen's runs in the same state, a returning user's (the session kept,
      // the scripts' code cache made): see VISITS_BEFORE_RUNS.
      if (needsWallet && signedIn)
        for (let visit = 0; visit < VISITS_BEFORE_RUNS; visit += 1) await signedIn.visit(url);
      // A page's calibration and runs start on a quiet host (the server's start-up backfill done,
      // nothing else of the suite still running); a host that stays busy is named in the log.
      const host = await waitForQuietHost();
      // What the benchmark index does not see (scripts/host-memory.ts), beside the host's load.
      const hostState = `${describeQuietWait(host)}; ${describeFreshPageCost(freshPageCost())}`;
      hostStates.set(new URL(url).pathname, hostState);
      const measured = await calibrate(chromePath, flags);
      process.stdout.write(
        `Lighthouse before ${url}: ${hostState}; benchmarkIndex ${measured.benchmarkIndex} ` +
          `(runs: ${measured.indexes.join(', ')}), CPU multiplier ${measured.multiplier} = max(4, index / 500)\n`,
      );
      const collect = (multiplier: number, additive: boolean) =>
        lhci([
          'collect',
          `--url=${url}`,
          ...(additive ? ['--additive'] : []),
          multiplierFlag(multiplier),
          ...(needsWallet && signedIn
            ? [`--settings.port=${signedIn.port}`, '--settings.disableStorageReset=true']
            : []),
        ]);
      await collect(measured.multiplier, i > 0);
      // The runs' own indexes check the calibration; a page throttled for another host than the
      // one its runs had is collected once more at the multiplier they call for.
      const runs = runsOf(url);
      const again = recalibrated(
        measured.multiplier,
        runs.map((run) => run.benchmarkIndex),
      );
      if (again !== null) {
        process.stdout.write(
          `Lighthouse ${url}: its runs measured benchmarkIndex ${runs.map((r) => r.benchmarkIndex).join(', ')}, ` +
            `which calls for a CPU multiplier of ${again}, not ${measured.multiplier}: collected again at ${again}\n`,
        );
        for (const run of runs) for (const file of run.files) rmSync(file, { force: true });
        await collect(again, true);
      }
    }
  } finally {
    signedIn?.close();
    stopServer(server);
  }
  // The assertions' own report; the tally below reads the same medians from the reports.
  await lhci(['assert']);
  await lhci(['upload']);
  const tally = summarizeLighthouse(ROOT);
  // Every score with the host's state before its page's runs, beside its index and multiplier.
  if (tally) {
    tally.lines = tally.lines.map((line) => {
      const state = hostStates.get(line.slice(0, line.indexOf(':')));
      return state ? `${line}; ${state}` : line;
    });
  }
  return tally;
}

if (import.meta.main) {
  const tally = await runLighthouse(process.env.CHROMIUM_PATH || '/usr/bin/chromium');
  for (const line of tally?.lines ?? ['no Lighthouse report was written']) process.stdout.write(`${line}\n`);
  process.exitCode = tally && tally.failed === 0 ? 0 : 1;
}
