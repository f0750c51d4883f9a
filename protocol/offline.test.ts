import { describe, expect, it } from 'vitest';
import { isPageMessage } from './offline.ts';

describe('messages from the page to the service worker', () => {
  it('are the three the worker acts on', () => {
    expect(isPageMessage({ type: 'purge-user-reads' })).toBe(true);
    expect(isPageMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isPageMessage({ type: 'claim' })).toBe(true);
    expect(isPageMessage({ type: 'keep-reads', reads: [{ code: '00000', body: '' }] })).toBe(true);
  });

  it('refuse anything else, and a keep-reads without its list', () => {
    expect(isPageMessage({ type: 'keep-reads' })).toBe(false);
    expect(isPageMessage({ type: 'keep-reads', reads: 'x' })).toBe(false);
    expect(isPageMessage({ type: 'other' })).toBe(false);
    expect(isPageMessage(null)).toBe(false);
    expect(isPageMessage('purge-user-reads')).toBe(false);
  });
});
