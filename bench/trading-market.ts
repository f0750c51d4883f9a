import type { Tick } from '../protocol/trading.ts';
import { createSimulatedSource } from '../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../server/modules/markets/instruments.ts';
import type { Prices } from '../server/modules/trading/trading.settlement.ts';
import { random, STEP } from './trading-settings.ts';

/** Every demo instrument's bid and ask, walked one tick at a time. */
export class Market {
  readonly #next = random(7);
  readonly #mid = new Map<string, number>();
  readonly #spread = new Map<string, number>();
  readonly #precision = new Map<string, number>();
  #ticks = new Map<string, Tick>();

  constructor() {
    const source = createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'bench' });
    const now = Date.now();
    for (const i of DEMO_INSTRUMENTS) {
      const q = source.tickAt(i.symbol, now);
      this.#mid.set(i.symbol, (Number(q.bid) + Number(q.ask)) / 2);
      this.#spread.set(i.symbol, Number(q.ask) - Number(q.bid));
      this.#precision.set(i.symbol, i.precision);
    }
    this.#publish();
  }

  step(): void {
    for (const [symbol, mid] of this.#mid) {
      // Box-Muller: a normal step.
      const z = Math.sqrt(-2 * Math.log(1 - this.#next())) * Math.cos(2 * Math.PI * this.#next());
      this.#mid.set(symbol, mid * (1 + STEP * z));
    }
    this.#publish();
  }

  #publish(): void {
    const ticks = new Map<string, Tick>();
    for (const [symbol, mid] of this.#mid) {
      const digits = this.#precision.get(symbol) ?? 2;
      const half = (this.#spread.get(symbol) ?? 0) / 2;
      ticks.set(symbol, { bid: (mid - half).toFixed(digits), ask: (mid + half).toFixed(digits) });
    }
    this.#ticks = ticks;
  }

  tick(symbol: string): Tick | undefined {
    return this.#ticks.get(symbol);
  }

  /** Every instrument's tick as of now: each step publishes a new map, so this one never changes. */
  snapshot(): ReadonlyMap<string, Tick> {
    return this.#ticks;
  }

  precision(symbol: string): number {
    return this.#precision.get(symbol) ?? 2;
  }

  /** The product's view: every market open, at the latest tick. */
  readonly prices: Prices = (symbol) => {
    const tick = this.#ticks.get(symbol);
    return tick ? { ...tick, open: true } : undefined;
  };
}
