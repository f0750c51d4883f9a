import { INTERVALS } from '../protocol/markets.ts';
import { runBenchmark } from './lib/process.ts';
import { writeSummary } from './lib/report.ts';
import { anchorTarget, candleTarget, measureTarget, type TargetRun } from './market-candles.ts';
import { ServerChild } from './market-child.ts';
import { candleFigures, candlesReport, streamFigures, streamReport } from './market-report.ts';
import { openFileLimit, readSettings, SPARE_FDS, START_TIMEOUT_MS } from './market-settings.ts';
import { clockCheck, type LevelRun, measureLevel } from './market-stream.ts';

let server: ServerChild | undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const stopping = server ? server.stop() : Promise.resolve();
    void stopping.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const settings = readSettings();
  const failures: string[] = [];

  const maxClients = Math.max(...settings.clients);
  const fdLimit = openFileLimit();
  const fits = (clients: number): boolean => fdLimit === null || clients + SPARE_FDS <= fdLimit;
  const fdNote =
    fdLimit === null
      ? 'ulimit -n: unknown (no /proc/self/limits)'
      : fits(maxClients)
        ? `ulimit -n: ${fdLimit}, enough for ${maxClients} streams (the server child inherits it)`
        : `ulimit -n: ${fdLimit}, too low for ${maxClients} streams in one process: run \`ulimit -n ${maxClients + 1024}\` first`;
  if (!fits(maxClients)) process.stderr.write(`note: ${fdNote}\n`);

  process.stderr.write(
    `starting the server (${settings.minuteDays} days of minutes, ${settings.dailyDays} days of daily candles)\n`,
  );
  const child = new ServerChild(settings);
  server = child;
  try {
    const ready = await child.next(
      (m) => (m.type === 'ready' ? m : undefined),
      START_TIMEOUT_MS,
      'starting the bench server',
    );

    // Part 1: candles
    const targets = [anchorTarget, ...INTERVALS.map(candleTarget)];
    const runs: TargetRun[] = [];
    for (const target of targets) {
      process.stderr.write(`candles: ${target.name}\n`);
      const run = await measureTarget(settings, ready.port, target);
      failures.push(...run.failures.slice(0, 5));
      runs.push(run);
    }
    process.stdout.write(`${candlesReport(settings, ready, runs)}\n`);
    writeSummary(candleFigures(runs));

    // Part 2: the tick stream
    const check = await clockCheck(child);
    if (Math.abs(check.offset) > 1 + check.roundTrip / 2) {
      failures.push(`the two processes' clocks disagree by ${check.offset.toFixed(3)} ms`);
    }
    const tickBase = Math.floor(ready.now / 1000) * 1000;
    const levels: LevelRun[] = [];
    for (const clients of settings.clients) {
      if (child.exited) break;
      if (!fits(clients)) {
        failures.push(`${clients} clients: skipped, ulimit -n ${fdLimit} is too low`);
        continue;
      }
      const level = await measureLevel(settings, child, ready.port, tickBase, clients);
      failures.push(...level.failures.map((failure) => `${clients} clients: ${failure}`));
      levels.push(level);
    }
    process.stdout.write(`${streamReport(settings, levels, check)}\n`);
    writeSummary(streamFigures(levels));
    process.stdout.write(`${fdNote}\n`);

    if (child.exited) failures.push('the bench server exited during the run');
  } catch (error) {
    failures.push((error as Error).message);
  } finally {
    await child.stop();
  }
  if (failures.length === 0) {
    process.stdout.write(
      'every request answered 2xx with the expected body; every client received every tick\n',
    );
    return 0;
  }
  process.stdout.write(`FAILED:\n${failures.map((failure) => `  ${failure}`).join('\n')}\n`);
  return 1;
}

runBenchmark(main);
