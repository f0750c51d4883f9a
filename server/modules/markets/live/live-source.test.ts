/**
 * The live source's decisions, fed directly with parsed upstream messages at pinned times (the
 * streams themselves are tested against local servers in tests/integration).
 */
import { describe, expect, test } from 'vitest';
import { createSimulatedSource } from '../feed.ts';
import { DEMO_INSTRUMENTS } from '../instruments.ts';
import type { GuardEvent } from './feed-guard.ts';
import { type LiveBinding, LiveSource } from './live-source.ts';

const EURUSD_FEED = 'a995d00bb36a63cef7fd2c287dc105fc8f3d93779f062f09551b0af3e81ec30b';
// Wednesday 25 November 2026, 12:00 UTC: forex is open.
const NOON = Date.UTC(2026, 10, 25, 12);
// Saturday 28 November 2026, 12:00 UTC: forex is closed.
const SATURDAY = Date.UTC(2026, 10, 28, 12);

function source() {
  const log: (GuardEvent & { symbol: string })[] = [];
  const bindings = new Map<string, LiveBinding>([
    [
      'BTCUSDT',
      {
        feed: { kind: 'binance', remote: 'BTCUSDT' },
        markup: '1.00',
        staleAfterMs: 10_000,
        maxJumpPercent: '5',
      },
    ],
    [
      'EURUSD',
      {
        feed: { kind: 'pyth', id: EURUSD_FEED },
        markup: '0.00004',
        staleAfterMs: 10_000,
        maxJumpPercent: '2',
      },
    ],
  ]);
  const live = new LiveSource({
    instruments: DEMO_INSTRUMENTS,
    bindings,
    fallback: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'live-test' }),
    binance: { streamBase: 'ws://127.0.0.1:1', restBase: 'http://127.0.0.1:1' },
    pyth: { base: 'http://127.0.0.1:1', apiKey: null },
    log: (e) => log.push(e),
    now: () => NOON,
  });
  return { live, log };
}

const book = (bid: string, ask: string, updateId: number) =>
  ({ kind: 'book', symbol: 'BTCUSDT', updateId, bid, ask }) as const;

describe('LiveSource', () => {
  test('an exchange book is widened by the markup and rounded outward; a trade moves last', () => {
    const { live } = source();
    live.onExchange(book('95000.01000000', '95000.02000000', 1), NOON);
    expect(live.tickAt('BTCUSDT', NOON)).toEqual({
      symbol: 'BTCUSDT',
      bid: '94999.51',
      ask: '95000.52',
      last: '95000.02',
      at: NOON,
      open: true,
    });
    live.onExchange(
      { kind: 'trade', symbol: 'BTCUSDT', tradeId: 9, price: '95000.016', quantity: '0.5', time: NOON },
      NOON + 10,
    );
    expect(live.tickAt('BTCUSDT', NOON + 10).last).toBe('95000.02');
    expect(live.currentBar('BTCUSDT', NOON + 10)).toMatchObject({ volume: '0.5', close: '95000.02' });
  });

  test('a feed that goes quiet halts the instrument, with since when; a fresh tick resumes it', () => {
    const { live } = source();
    live.onExchange(book('95000', '95001', 1), NOON);
    expect(live.tickAt('BTCUSDT', NOON + 10_000).open).toBe(true);
    const halted = live.tickAt('BTCUSDT', NOON + 10_001);
    expect(halted).toMatchObject({ open: false, delayedSince: NOON + 10_000, bid: '94999.5' });
    live.onExchange(book('95002', '95003', 2), NOON + 20_000);
    expect(live.tickAt('BTCUSDT', NOON + 20_001)).toMatchObject({ open: true, bid: '95001.5' });
    expect(live.tickAt('BTCUSDT', NOON + 20_001).delayedSince).toBeUndefined();
  });

  test('a wild print never becomes the quote; it is logged as held, then dropped', () => {
    const { live, log } = source();
    live.onExchange(book('95000', '95001', 1), NOON);
    live.onExchange(book('9500', '9501', 2), NOON + 100);
    expect(live.tickAt('BTCUSDT', NOON + 100).bid).toBe('94999.5');
    live.onExchange(book('95000.5', '95001.5', 3), NOON + 200);
    expect(log.map((e) => e.kind)).toEqual(['held', 'dropped']);
    expect(live.tickAt('BTCUSDT', NOON + 200).bid).toBe('95000');
  });

  test('an oracle price quotes price ± conf widened; a closed session is closed, not delayed', () => {
    const { live } = source();
    live.onOracle([{ id: EURUSD_FEED, price: '1.08505', conf: '0.00001', publishedAt: NOON }], NOON);
    expect(live.tickAt('EURUSD', NOON)).toMatchObject({
      bid: '1.08502',
      ask: '1.08508',
      last: '1.08505',
      open: true,
    });
    live.onOracle([{ id: EURUSD_FEED, price: '1.08506', conf: '0.00001', publishedAt: SATURDAY }], SATURDAY);
    const weekend = live.tickAt('EURUSD', SATURDAY);
    expect(weekend.open).toBe(false);
    expect(weekend.delayedSince).toBeUndefined();
  });

  test('unbound instruments stay simulated and say so; an unpriced live one is closed', () => {
    const { live } = source();
    expect(live.isSimulated('ETHUSDT')).toBe(true);
    expect(live.isSimulated('BTCUSDT')).toBe(false);
    expect(live.tickAt('ETHUSDT', NOON).open).toBe(true);
    expect(live.tickAt('BTCUSDT', NOON)).toMatchObject({ open: false, delayedSince: 0 });
  });
});
