/**
 * The guard rails between a live feed and everything that moves money (docs/markets.md, "Guard
 * rails"): one `FeedGuard` per instrument decides which upstream ticks become prices.
 *
 * - Order: a tick whose sequence (Binance's book update id, Pyth's publish time) is not after the
 *   last one seen is a duplicate or arrived out of order, and is dropped.
 * - Wild: a tick whose mid moves further than `maxJumpPercent` from the last accepted mid is held,
 *   not accepted. The next tick decides: within the limit of the held one, it confirms the move
 *   and both are accepted in order; within the limit of the last accepted mid, the held tick was a
 *   bad print and is dropped; otherwise the newer tick is held instead. A single bad print is
 *   therefore never a price, and no trigger or stop-out can fire on it.
 * - Stale: an instrument whose last accepted tick is older than `staleAfterMs` is halted (no fills,
 *   no triggers, no quotes, alerts paused) until a fresh tick is accepted.
 *
 * Every decision is returned as an event, so that the caller logs held, confirmed and dropped ticks.
 */
import { exact } from '../../../../protocol/money.ts';

export interface GuardRules {
  /** A price older than this halts the instrument. */
  staleAfterMs: number;
  /** The largest move from the last accepted mid, in percent, accepted without confirmation. */
  maxJumpPercent: string;
}

export interface UpstreamTick {
  bid: string;
  ask: string;
  /** When the tick was received (or published), Unix ms. */
  at: number;
  /** Increases with every upstream update of this instrument. */
  seq: number;
}

export type GuardEvent =
  | { kind: 'accepted'; tick: UpstreamTick }
  | { kind: 'held'; tick: UpstreamTick; jumpPercent: string }
  | { kind: 'confirmed'; tick: UpstreamTick }
  | { kind: 'dropped'; tick: UpstreamTick; reason: 'out_of_order' | 'bad_print' | 'crossed' };

const mid = (t: UpstreamTick) => exact(t.bid).plus(t.ask).dividedBy(2);

/** |b - a| / a in percent. */
function movePercent(from: UpstreamTick, to: UpstreamTick) {
  const a = mid(from);
  return mid(to).minus(a).abs().dividedBy(a).times(100);
}

export class FeedGuard {
  private last: UpstreamTick | null = null;
  private held: UpstreamTick | null = null;
  private lastSeq = Number.NEGATIVE_INFINITY;

  private readonly rules: GuardRules;

  constructor(rules: GuardRules) {
    this.rules = rules;
  }

  /** The last accepted tick, or null before the first. */
  get current(): UpstreamTick | null {
    return this.last;
  }

  /** Whether prices may be used at `now`: a tick was accepted within the staleness limit. */
  live(now: number): boolean {
    return this.last !== null && now - this.last.at <= this.rules.staleAfterMs;
  }

  /** When the instrument became (or becomes) stale: the last accepted tick plus the limit. */
  staleSince(): number | null {
    return this.last === null ? null : this.last.at + this.rules.staleAfterMs;
  }

  /** Decides on one upstream tick; the events say what became of it (and of a held one). */
  offer(tick: UpstreamTick): GuardEvent[] {
    if (tick.seq <= this.lastSeq) return [{ kind: 'dropped', tick, reason: 'out_of_order' }];
    this.lastSeq = tick.seq;
    if (exact(tick.bid).greaterThan(tick.ask) || !exact(tick.bid).greaterThan(0))
      return [{ kind: 'dropped', tick, reason: 'crossed' }];
    const limit = exact(this.rules.maxJumpPercent);
    if (this.last === null || movePercent(this.last, tick).lessThanOrEqualTo(limit)) {
      const events: GuardEvent[] = [];
      if (this.held) events.push({ kind: 'dropped', tick: this.held, reason: 'bad_print' });
      this.held = null;
      this.last = tick;
      events.push({ kind: 'accepted', tick });
      return events;
    }
    if (this.held && movePercent(this.held, tick).lessThanOrEqualTo(limit)) {
      const confirmed = this.held;
      this.held = null;
      this.last = tick;
      return [
        { kind: 'confirmed', tick: confirmed },
        { kind: 'accepted', tick },
      ];
    }
    const events: GuardEvent[] = [];
    if (this.held) events.push({ kind: 'dropped', tick: this.held, reason: 'bad_print' });
    this.held = tick;
    events.push({
      kind: 'held',
      tick,
      jumpPercent: movePercent(this.last, tick).toDecimalPlaces(4).toFixed(),
    });
    return events;
  }
}
