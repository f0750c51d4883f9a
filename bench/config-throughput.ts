import { checkSameBytes, codeTarget, load, preflight, type Run } from './config-throughput-load.ts';
import { failuresOf, figures, report } from './config-throughput-report.ts';
import { servers, startServers, stopServers } from './config-throughput-servers.ts';
import { readSettings } from './config-throughput-settings.ts';
import { HOT_CODES } from './lib/hot-path.ts';
import { runBenchmark } from './lib/process.ts';
import { writeSummary } from './lib/report.ts';

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const settings = readSettings();
  const ports = await startServers();
  const child = servers;
  let diedEarly = false;
  child?.once('exit', () => {
    diedEarly = true;
  });
  try {
    const targets = HOT_CODES.flatMap((code) => [
      codeTarget(ports.meridian, code, 'app'),
      codeTarget(ports.anchor, code, 'bare'),
      codeTarget(ports.bodyAnchor, code, 'body'),
    ]);
    for (const target of targets) await preflight(target);
    for (const code of HOT_CODES) await checkSameBytes(targets, code);

    const measured: Run[] = [];
    const failures: string[] = [];
    if (settings.warmupSeconds > 0) {
      for (const target of targets) {
        failures.push(
          ...failuresOf(await load(target, 'warm-up', 0, settings.warmupSeconds, settings.connections)),
        );
      }
    }
    for (let round = 1; round <= settings.rounds; round += 1) {
      for (const code of HOT_CODES) {
        const group = targets.filter((target) => target.code === code);
        // The order turns every round, so no side always runs on a machine another warmed.
        const turned = [...group.slice(round % group.length), ...group.slice(0, round % group.length)];
        for (const target of turned) {
          const run = await load(target, 'measured', round, settings.seconds, settings.connections);
          failures.push(...failuresOf(run));
          measured.push(run);
        }
      }
    }
    if (diedEarly) failures.push('the bench servers exited during the run');
    process.stdout.write(report(settings, measured, failures));
    writeSummary(figures(measured));
    return failures.length === 0 ? 0 : 1;
  } finally {
    if (child) await stopServers(child);
  }
}

runBenchmark(main);
