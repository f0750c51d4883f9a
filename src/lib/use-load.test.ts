import { describe, expect, it } from 'vitest';
import { type Load, loadingFrom } from './use-load.ts';

describe("a screen's load while its fetch is in flight", () => {
  it('keeps the very state it has when that is loading, so React has nothing to render again', () => {
    const first = loadingFrom<string>({ state: 'ready', data: 'x', error: null });
    expect(first).toEqual({ state: 'loading', data: null, error: null });
    // A second start (the first render's effect, a reconnect) keeps the same object.
    expect(loadingFrom(first)).toBe(first);
    const own: Load<string> = { state: 'loading', data: null, error: null };
    expect(loadingFrom(own)).toBe(own);
  });

  it('leaves a shown answer or a failure for loading, as a retry shows the skeleton again', () => {
    const failed: Load<string> = { state: 'failed', data: null, error: 'offline' };
    expect(loadingFrom(failed).state).toBe('loading');
    expect(loadingFrom<string>({ state: 'ready', data: 'x', error: null }).state).toBe('loading');
  });
});
