import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldsOf } from '../../protocol/contract.ts';
import {
  answeredRead,
  answerRead,
  EARLY_READ_MS,
  fetchData,
  forgetReads,
  readsPastWorker,
  startRead,
} from './api.ts';

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
  forgetReads();
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
    // Another code with the same fields, which that code's contract does not take.
    await expect(fetchData('10083', { category: 'popular' } as FieldsOf<'10083'>)).resolves.toBe(3);
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

describe('a read the page brought answered', () => {
  const announcements = { code: '10083' as const, fields: { page: 1, size: 10, lang: 'en' as const } };

  it('is read at once as often as the first render asks, then taken by the first identical call', async () => {
    const calls = countingServer();
    answerRead({ ...announcements, data: { list: ['a'], total: 1 } });
    expect(answeredRead('10083', announcements.fields)).toEqual({ list: ['a'], total: 1 });
    expect(answeredRead('10083', announcements.fields)).toEqual({ list: ['a'], total: 1 });
    expect(answeredRead('10083', { ...announcements.fields, lang: 'ar' })).toBeUndefined();
    // Start-up does not ask for what the page brought.
    startRead('10083', announcements.fields);
    expect(calls).toHaveLength(0);
    await expect(fetchData('10083', announcements.fields)).resolves.toEqual({ list: ['a'], total: 1 });
    expect(answeredRead('10083', announcements.fields)).toBeUndefined();
    await expect(fetchData('10083', announcements.fields)).resolves.toBe(1);
  });

  it('is not read once old, nor after forgetReads, nor for a change', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    answerRead({ ...announcements, data: null });
    expect(answeredRead('10083', announcements.fields)).toBeNull();
    vi.setSystemTime(Date.now() + EARLY_READ_MS + 1);
    expect(answeredRead('10083', announcements.fields)).toBeUndefined();
    answerRead({ ...announcements, data: 1 });
    forgetReads();
    expect(answeredRead('10083', announcements.fields)).toBeUndefined();
    answerRead({ code: '10025', fields: { amount: '1' }, data: 1 });
    expect(answeredRead('10025', { amount: '1' } as FieldsOf<'10025'>)).toBeUndefined();
  });
});

describe('the reads that went past the service worker', () => {
  /** A page whose worker is installed but controls nothing yet (`controller` null), or does. */
  function worker(controller: object | null) {
    vi.stubGlobal('navigator', { serviceWorker: { controller } });
  }

  it('are noted while no worker controls the page, as sent or as the page brought them', async () => {
    countingServer();
    readsPastWorker.splice(0);
    worker(null);
    await fetchData('10068', { category: 'popular' });
    answerRead({ code: '10083', fields: { lang: 'en', page: 1, size: 10 }, data: [] });
    expect(readsPastWorker).toEqual([
      { code: '10068', body: 'category=popular' },
      { code: '10083', body: 'lang=en&page=1&size=10' },
    ]);
  });

  it('are not noted once a worker controls the page, nor for a change, nor where no worker can come', async () => {
    countingServer();
    readsPastWorker.splice(0);
    worker({});
    await fetchData('10068', { category: 'popular' });
    worker(null);
    await fetchData('10073', { symbol: 'BTCUSDT' } as FieldsOf<'10073'>).catch(() => undefined);
    vi.stubGlobal('navigator', {});
    await fetchData('10068', { category: 'crypto' });
    expect(readsPastWorker).toEqual([]);
  });

  it('are bounded, for a browser whose worker never takes over', async () => {
    countingServer();
    readsPastWorker.splice(0);
    worker(null);
    for (let i = 0; i < 60; i += 1) await fetchData('10068', { category: 'popular' });
    expect(readsPastWorker).toHaveLength(50);
  });
});
