import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamDestination } from './log-destination.ts';

/** A stream that takes nothing until `read()`, then everything: a reader that stopped, then resumed. */
function stuckStream() {
  const taken: string[] = [];
  const waiting: Array<() => void> = [];
  let reading = false;
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, done) {
      const take = () => {
        taken.push(chunk);
        done();
      };
      if (reading) take();
      else waiting.push(take);
    },
  });
  return {
    stream,
    taken,
    read() {
      reading = true;
      for (const take of waiting.splice(0)) take();
    },
  };
}

describe('streamDestination', () => {
  it('hands a reader that reads every line, in order, and settles at once', async () => {
    const taken: string[] = [];
    const stream = new Writable({
      decodeStrings: false,
      write(chunk: string, _encoding, done) {
        taken.push(chunk);
        done();
      },
    });
    const output = streamDestination(stream);
    for (let i = 0; i < 1000; i += 1) output.write(`line ${i}\n`);
    await expect(output.settled(5_000)).resolves.toBe(true);
    expect(taken).toEqual(Array.from({ length: 1000 }, (_, i) => `line ${i}\n`));
    expect(output.dropped).toBe(0);
  });

  it('queues up to its bound for a reader that stopped, drops past it, and says so once it reads again', async () => {
    const { stream, taken, read } = stuckStream();
    const output = streamDestination(stream, { maxPendingBytes: 100 });
    for (let i = 0; i < 20; i += 1) output.write('0123456789\n'); // 11 characters each
    expect(output.dropped).toBe(11); // 9 lines (99) fit, the 10th would pass 100
    // Waiting on a reader that does not read ends at the limit given, not later.
    const started = Date.now();
    await expect(output.settled(50)).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);

    read();
    await new Promise((resolve) => setImmediate(resolve));
    output.write('after\n');
    await expect(output.settled(5_000)).resolves.toBe(true);
    expect(taken).toHaveLength(11);
    const notice = JSON.parse(taken[9] ?? '') as { level: number; msg: string };
    expect(notice).toMatchObject({ level: 40, msg: '11 log lines dropped: stdout did not take them' });
    expect(taken[10]).toBe('after\n');
    expect(output.dropped).toBe(0);
  });

  it('takes an error on its stream (EPIPE) without throwing, then drops lines and settles at once', async () => {
    const { stream } = stuckStream();
    const output = streamDestination(stream);
    output.write('before\n');
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    stream.destroy(epipe);
    await new Promise((resolve) => setImmediate(resolve));
    expect(output.broken).toBe(true);
    expect(() => output.write('after\n')).not.toThrow();
    expect(output.dropped).toBe(1);
    await expect(output.settled(60_000)).resolves.toBe(false);
  });
});

/**
 * A real process whose stdout is a pipe nobody reads, or one whose reader closed it: it writes
 * far more than the pipe holds, waits (bounded) for it to settle, and exits. Under pino's default
 * destination the same process never finishes exiting.
 */
const WRITER = `
import { stdoutDestination } from ${JSON.stringify(path.join(import.meta.dirname, 'log-destination.ts'))};
const output = stdoutDestination();
const line = 'x'.repeat(999) + '\\n';
for (let i = 0; i < 4096; i += 1) output.write(line);
process.stderr.write('written\\n');
setTimeout(async () => {
  await output.settled(200);
  process.exit(0);
}, 300);
`;

describe.each(['nobody reads', 'closed by its reader'] as const)('stdout %s', (mode) => {
  it('the process still exits', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pause();
    child.stderr.once('data', () => {
      if (mode === 'closed by its reader') child.stdout.destroy();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const limit = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000).unref());
    const result = await Promise.race([exited, limit]);
    if (result === 'hung') child.kill('SIGKILL');
    expect(result).toBe(0);
  }, 20_000);
});
