import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHED_AT_HEADER } from '../../protocol/offline.ts';
import { cachedFrom, noteAnswer, online, reconnects, STALE_RETRY_MS } from './network.ts';

const cached = (at: number) => new Headers({ [CACHED_AT_HEADER]: String(at) });
const fresh = () => new Headers();

describe('an answer from the cache while the browser reports a connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    online.value = true;
    cachedFrom.value = null;
  });
  afterEach(() => {
    // Lets a pending retry run out before the next test.
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('asks the screens again after a while, and again, until a fresh answer comes', () => {
    const before = reconnects.value;
    noteAnswer(cached(1_000));
    expect(cachedFrom.value).toBe(1_000);
    vi.advanceTimersByTime(STALE_RETRY_MS - 1);
    expect(reconnects.value).toBe(before);
    vi.advanceTimersByTime(1);
    expect(reconnects.value).toBe(before + 1);
    // The screens' reads came from the cache again (the network is still slow): once more.
    noteAnswer(cached(1_000));
    noteAnswer(cached(2_000));
    vi.advanceTimersByTime(STALE_RETRY_MS);
    expect(reconnects.value).toBe(before + 2);
    expect(cachedFrom.value).toBe(1_000);
    // A fresh answer ends it: the banner goes, nothing more is asked.
    noteAnswer(cached(1_000));
    noteAnswer(fresh());
    expect(cachedFrom.value).toBeNull();
    vi.advanceTimersByTime(STALE_RETRY_MS * 3);
    expect(reconnects.value).toBe(before + 2);
  });

  it('leaves it to the online event when the browser is offline', () => {
    const before = reconnects.value;
    online.value = false;
    noteAnswer(cached(1_000));
    vi.advanceTimersByTime(STALE_RETRY_MS * 2);
    expect(reconnects.value).toBe(before);
    expect(cachedFrom.value).toBe(1_000);
  });
});
