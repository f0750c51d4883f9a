import { describe, expect, test } from 'vitest';
import { FeedGuard, type UpstreamTick } from './feed-guard.ts';

const rules = { staleAfterMs: 10_000, maxJumpPercent: '5' };
let seq = 0;
const tick = (bid: string, ask: string, at = 1_000): UpstreamTick => ({ bid, ask, at, seq: ++seq });
const kinds = (events: { kind: string }[]) => events.map((e) => e.kind);

describe('FeedGuard', () => {
  test('a single wild print is held and dropped when the price comes back: never a price', () => {
    const g = new FeedGuard(rules);
    expect(kinds(g.offer(tick('100', '100.2')))).toEqual(['accepted']);
    const wild = tick('50', '50.1');
    expect(g.offer(wild)).toEqual([{ kind: 'held', tick: wild, jumpPercent: '50' }]);
    expect(g.current?.bid).toBe('100');
    const back = g.offer(tick('100.1', '100.3'));
    expect(back).toEqual([
      { kind: 'dropped', tick: wild, reason: 'bad_print' },
      { kind: 'accepted', tick: expect.objectContaining({ bid: '100.1' }) },
    ]);
  });

  test('a move confirmed by the next tick is accepted, both in order', () => {
    const g = new FeedGuard(rules);
    g.offer(tick('100', '100'));
    const first = tick('120', '120');
    expect(kinds(g.offer(first))).toEqual(['held']);
    expect(g.offer(tick('121', '121'))).toEqual([
      { kind: 'confirmed', tick: first },
      { kind: 'accepted', tick: expect.objectContaining({ bid: '121' }) },
    ]);
    expect(g.current?.bid).toBe('121');
  });

  test('a second wild tick far from the first replaces it', () => {
    const g = new FeedGuard(rules);
    g.offer(tick('100', '100'));
    g.offer(tick('150', '150'));
    expect(kinds(g.offer(tick('60', '60')))).toEqual(['dropped', 'held']);
  });

  test('duplicates, out-of-order and crossed ticks are dropped', () => {
    const g = new FeedGuard(rules);
    const t = tick('100', '100.1');
    g.offer(t);
    expect(g.offer(t)).toEqual([{ kind: 'dropped', tick: t, reason: 'out_of_order' }]);
    expect(g.offer({ ...t, seq: t.seq - 1 })[0]).toMatchObject({ reason: 'out_of_order' });
    expect(g.offer(tick('100.2', '100.1'))[0]).toMatchObject({ reason: 'crossed' });
    expect(g.current).toBe(t);
  });

  test('stale after the limit, live again on a fresh accepted tick', () => {
    const g = new FeedGuard(rules);
    expect(g.live(0)).toBe(false);
    g.offer(tick('100', '100', 1_000));
    expect(g.live(11_000)).toBe(true);
    expect(g.live(11_001)).toBe(false);
    expect(g.staleSince()).toBe(11_000);
    g.offer(tick('100.5', '100.5', 20_000));
    expect(g.live(20_500)).toBe(true);
  });
});
