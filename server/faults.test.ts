import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { armedFault } from './faults.ts';

const MODULE = JSON.stringify(path.join(import.meta.dirname, 'faults.ts'));

/**
 * A fresh process (the variables are read at load) that hits `point` five times, writing `before
 * n` and `after n` around each hit synchronously, so what it wrote is what ran.
 */
function hitFiveTimes(
  env: Record<string, string>,
  point = 'mining.settlement',
): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  const body = `import { writeSync } from 'node:fs';
    import { faultPoint } from ${MODULE};
    for (let n = 1; n <= 5; n += 1) {
      writeSync(1, 'before ' + n + '\\n');
      faultPoint(${JSON.stringify(point)});
      writeSync(1, 'after ' + n + '\\n');
    }`;
  const clean = { ...process.env };
  delete clean.MERIDIAN_FAULT_POINT;
  delete clean.MERIDIAN_FAULT_AFTER;
  delete clean.NODE_ENV;
  const child = spawn(process.execPath, ['--input-type=module', '-e', body], {
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
  });
  return new Promise((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const ran = (hits: number) =>
  Array.from({ length: hits }, (_, i) => `before ${i + 1}\nafter ${i + 1}\n`).join('');

describe('faultPoint', () => {
  it('does nothing without the variable', async () => {
    const result = await hitFiveTimes({});
    expect(result).toMatchObject({ code: 0, signal: null, stdout: ran(5), stderr: '' });
  });

  it('kills the process with SIGKILL at the first hit by default, before anything after it runs', async () => {
    const result = await hitFiveTimes({ MERIDIAN_FAULT_POINT: 'mining.settlement' });
    expect(result).toMatchObject({ code: null, signal: 'SIGKILL', stdout: 'before 1\n' });
  });

  it('kills at the N-th hit that MERIDIAN_FAULT_AFTER names', async () => {
    const result = await hitFiveTimes({
      MERIDIAN_FAULT_POINT: 'mining.settlement',
      MERIDIAN_FAULT_AFTER: '3',
    });
    expect(result).toMatchObject({ signal: 'SIGKILL', stdout: `${ran(2)}before 3\n` });
  });

  it('leaves the other points alone', async () => {
    const result = await hitFiveTimes({ MERIDIAN_FAULT_POINT: 'staking.maturity' });
    expect(result).toMatchObject({ code: 0, signal: null, stdout: ran(5) });
  });

  it('refuses a name that is not a point: the process does not start', async () => {
    const result = await hitFiveTimes({ MERIDIAN_FAULT_POINT: 'mining.setlement' });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('MERIDIAN_FAULT_POINT=mining.setlement is not a fault point');
  });

  it('is ignored in production, with one line on stderr', async () => {
    const result = await hitFiveTimes({ MERIDIAN_FAULT_POINT: 'mining.settlement', NODE_ENV: 'production' });
    expect(result).toMatchObject({ code: 0, signal: null, stdout: ran(5) });
    expect(result.stderr.trim().split('\n')).toEqual([
      'MERIDIAN_FAULT_POINT is ignored: fault points are for tests, never in production',
    ]);
  });
});

describe('armedFault', () => {
  const quiet = () => {};
  it('reads the point and the hit that kills', () => {
    expect(armedFault({}, quiet)).toBeNull();
    expect(armedFault({ MERIDIAN_FAULT_POINT: 'ido.allocation' }, quiet)).toEqual({
      point: 'ido.allocation',
      after: 1,
    });
    expect(
      armedFault({ MERIDIAN_FAULT_POINT: 'trading.stop_out', MERIDIAN_FAULT_AFTER: '12' }, quiet),
    ).toEqual({ point: 'trading.stop_out', after: 12 });
  });

  it('refuses a count that is not a whole number from 1', () => {
    for (const after of ['0', '-1', '1.5', 'two'])
      expect(() =>
        armedFault({ MERIDIAN_FAULT_POINT: 'ido.allocation', MERIDIAN_FAULT_AFTER: after }, quiet),
      ).toThrow('MERIDIAN_FAULT_AFTER');
  });
});
