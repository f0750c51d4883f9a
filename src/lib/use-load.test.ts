import { describe, expect, it } from 'vitest';
import { answeredWith, type Load, loadingFrom } from './use-load.ts';

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

describe("a screen's load once its fetch has answered", () => {
  it('keeps the state that already shows this very answer (the page brought it)', () => {
    const data = { rows: [1, 2] };
    const shown: Load<typeof data> = { state: 'ready', data, error: null };
    expect(answeredWith(shown, data)).toBe(shown);
  });

  it('shows a new answer, even one equal in content, and ends a skeleton or a failure', () => {
    const shown: Load<{ rows: number[] }> = { state: 'ready', data: { rows: [1] }, error: null };
    const fresh = { rows: [1] };
    expect(answeredWith(shown, fresh)).toEqual({ state: 'ready', data: fresh, error: null });
    expect(answeredWith(shown, fresh).data).toBe(fresh);
    expect(answeredWith(loadingFrom(shown), fresh).state).toBe('ready');
    expect(answeredWith<string>({ state: 'failed', data: null, error: 'x' }, 'y').data).toBe('y');
  });
});
