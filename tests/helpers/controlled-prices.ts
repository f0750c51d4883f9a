/**
 * A price source for tests: the simulated demo feed, except for the symbols a test pins to a bid
 * and ask (and, if it says so, a closed market). The trigger engine and the API then see exactly
 * the prices the test chose.
 */
import type { Quote } from '../../protocol/markets.ts';
import { createSimulatedSource, type SimulatedSource } from '../../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../../server/modules/markets/instruments.ts';

export interface ControlledSource extends SimulatedSource {
  pin(symbol: string, bid: string, ask: string, open?: boolean): void;
  unpin(symbol: string): void;
}

export function createControlledSource(): ControlledSource {
  const base = createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'test' });
  const pins = new Map<string, Omit<Quote, 'symbol' | 'at'>>();
  return Object.assign(Object.create(base) as SimulatedSource, {
    tickAt(symbol: string, ms: number): Quote {
      const pinned = pins.get(symbol);
      return pinned ? { symbol, at: ms, ...pinned } : base.tickAt(symbol, ms);
    },
    pin(symbol: string, bid: string, ask: string, open = true) {
      pins.set(symbol, { bid, ask, last: bid, open });
    },
    unpin(symbol: string) {
      pins.delete(symbol);
    },
  });
}
