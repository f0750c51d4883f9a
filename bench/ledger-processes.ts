/**
 * bench/ledger.ts: what runs outside the bench's own code: the cleanup steps (also on Ctrl-C /
 * SIGTERM) and pgbench, the child process they stop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { integerFormat } from './ledger-report.ts';
import { log, type Settings } from './ledger-settings.ts';

// ---------------------------------------------------------------------------------------------
// Cleanup that also runs on Ctrl-C / SIGTERM: close pools, stop pgbench, drop the databases.

const cleanups = new Set<() => Promise<void>>();
let activeChild: ChildProcess | undefined;

/** Registers a cleanup step that runs at most once, whoever calls it first. */
export function onCleanup(step: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const once = (): Promise<void> => {
    running ??= step()
      .catch((error: unknown) => log(`cleanup: ${(error as Error).message}`))
      .finally(() => cleanups.delete(once));
    return running;
  };
  cleanups.add(once);
  return once;
}

export async function cleanupAll(): Promise<void> {
  // In registration order: pools close before the databases they use are dropped.
  for (const step of [...cleanups]) await step();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    activeChild?.kill('SIGTERM');
    void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

// ---------------------------------------------------------------------------------------------
// pgbench

interface Output {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[]): Promise<Output> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    activeChild = child;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (error) => {
      activeChild = undefined;
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${command} not found: install the PostgreSQL client tools or set PGBENCH`)
          : error,
      );
    });
    child.once('close', (code, signal) => {
      activeChild = undefined;
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export function failed(what: string, output: Output): Error {
  const status = output.signal ?? `exit code ${output.code}`;
  const text = `${output.stdout}${output.stderr}`.trim().split('\n').slice(-15).join('\n');
  return new Error(`${what} failed (${status}):\n${text}`);
}

/**
 * The "tps" pgbench reports without connection set-up: `tps = 1234.5 (without initial connection
 * time)` since PostgreSQL 14, `tps = 1234.5 (excluding connections establishing)` before.
 */
function parseTps(output: string): number | undefined {
  const match =
    /^tps = ([0-9.]+) \((?:without initial connection time|excluding connections establishing)\)/m.exec(
      output,
    );
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

export async function pgbenchInit(settings: Settings, url: string): Promise<void> {
  log('pgbench: initializing, scale 1');
  const output = await run(settings.pgbench, ['-i', '-s', '1', url]);
  if (output.code !== 0) throw failed('pgbench -i', output);
}

export async function pgbenchRun(settings: Settings, url: string, clients: number): Promise<number> {
  log(`pgbench: ${clients} clients for ${settings.seconds} s`);
  const args = ['-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(settings.seconds)];
  const output = await run(settings.pgbench, [...args, '-n', url]);
  if (output.code !== 0) throw failed(`pgbench -c ${clients}`, output);
  const tps = parseTps(output.stdout);
  if (tps === undefined || !Number.isFinite(tps))
    throw failed(`reading tps from pgbench -c ${clients}`, output);
  log(`pgbench: ${clients} clients: ${integerFormat.format(tps)} tps`);
  return tps;
}
