/** In-process fan-out of ticks to stream subscribers, by symbol. */
import type { Quote } from '../../../protocol/markets.ts';

type Listener = (quote: Quote) => void;

export class TickHub {
  readonly #listeners = new Map<string, Set<Listener>>();

  subscribe(symbols: readonly string[], listener: Listener): () => void {
    for (const s of symbols) {
      let set = this.#listeners.get(s);
      if (!set) {
        set = new Set();
        this.#listeners.set(s, set);
      }
      set.add(listener);
    }
    return () => {
      for (const s of symbols) this.#listeners.get(s)?.delete(listener);
    };
  }

  publish(quote: Quote): void {
    for (const listener of this.#listeners.get(quote.symbol) ?? []) listener(quote);
  }

  get subscribers(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }
}
