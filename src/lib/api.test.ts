import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READ_MS, fetchData, startRead } from './api.ts';

/** A server that answers every call with its number, counting the calls per code. */
function countingServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: URLSearchParams }) => {
      calls.push(`${url} ${init.body.toString()}`);
      return new Response(JSON.stringify({ respCode: '00000', respMsg: '', data: calls.length }));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a read started ahead of its screen', () => {
  it('is taken by the first identical call, once; the next one asks the server again', async () => {
    const calls = countingServer();
    startRead('10068', { category: 'popular' });
    expect(calls).toHaveLength(1);
    await expect(fetchData('10068', { category: 'popular' })).resolves.toBe(1);
    expect(calls).toHaveLength(1);
    await expect(fetchData('10068', { category: 'popular' })).resolves.toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('serves only the same code with the same fields', async () => {
    const calls = countingServer();
    startRead('10068', { category: 'popular' });
    await expect(fetchData('10068', { category: 'crypto' })).resolves.toBe(2);
    await expect(fetchData('10083', { category: 'popular' })).resolves.toBe(3);
    expect(calls).toHaveLength(3);
    // The early one still waits for its own screen.
    await expect(fetchData('10068', { category: 'popular' })).resolves.toBe(1);
    expect(calls).toHaveLength(3);
  });

  it('is dropped when nobody took it in time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = countingServer();
    startRead('10083', { page: 1, size: 10, lang: 'en' });
    vi.setSystemTime(Date.now() + EARLY_READ_MS + 1);
    await expect(fetchData('10083', { page: 1, size: 10, lang: 'en' })).resolves.toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('is never a change: mutating codes are not started early', () => {
    const calls = countingServer();
    startRead('10025', { amount: '1' });
    expect(calls).toHaveLength(0);
  });
});
