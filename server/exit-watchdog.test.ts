import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULE = JSON.stringify(path.join(import.meta.dirname, 'exit-watchdog.ts'));

/** Runs `body` in a fresh process that has imported armExitWatchdog; resolves with how it ended. */
function runProcess(body: string): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `import { armExitWatchdog } from ${MODULE};\n${body}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return new Promise((resolve) => {
    // Past a minute the watchdog has failed: the process is killed so the test can say so.
    const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal, ms: Date.now() - started });
    });
  });
}

describe('armExitWatchdog', () => {
  it('kills a process whose main thread is blocked, where no timer of its own can fire', async () => {
    const result = await runProcess(`
      setTimeout(() => process.exit(3), 100); // the main thread's own deadline: starved below
      armExitWatchdog(300);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30_000);
      process.exit(2);
    `);
    expect(result.signal).toBe('SIGKILL');
    expect(result.ms).toBeLessThan(20_000);
  }, 70_000);

  it('does not keep a process alive that finishes before the deadline', async () => {
    const result = await runProcess(`
      armExitWatchdog(30_000);
      setTimeout(() => {}, 100);
    `);
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(result.ms).toBeLessThan(20_000);
  }, 70_000);
});
