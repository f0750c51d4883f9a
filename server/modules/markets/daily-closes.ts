/**
 * The daily closes of the simulated feed (docs/markets.md, "The simulated feed", 1): a seeded
 * geometric Brownian motion over trading time, with a weak pull back to the instrument's start
 * price, iterated one trading date at a time from an anchor date in both directions. Reaching any
 * date costs one step per date, never one per minute; the minute paths (simulated-model.ts) are
 * bridges between these closes.
 */
import type { Instrument } from '../../../protocol/markets.ts';
import { DAY, MINUTE } from './durations.ts';
import type { SimulationParams } from './instruments.ts';
import { gaussian, hash3, hashString } from './random-hashes.ts';
import { type Session, sessionOfDay } from './trading-sessions.ts';

/** Daily closes are anchored at the start price on this trading date (2026-01-01). */
export const ANCHOR_DAY = Date.UTC(2026, 0, 1) / DAY;
// A session on 1970-01-01 starts from the close of the day before.
const FIRST_DAY = Date.UTC(1969, 11, 31) / DAY;
const LAST_DAY = Date.UTC(2200, 0, 1) / DAY;
/** Half-life of the pull back to the start price, in years of trading time. */
const REVERSION_HALF_LIFE_YEARS = 1;
const YEAR_DAYS = 365.2425;

/** Trading minutes in a year: volatility is quoted per year, the walk steps per trading minute. */
function minutesPerYear(instrument: Instrument): number {
  const hours = instrument.hours;
  if (hours.kind === 'always') return YEAR_DAYS * 24 * 60;
  const clock = (text: string): number => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
  let length = clock(hours.close) - clock(hours.open);
  if (length <= 0) length += 24 * 60;
  return (new Set(hours.days).size * length * YEAR_DAYS) / 7;
}

/** One instrument's daily closes and sessions, cached; the base of its simulated model. */
export class DailyCloses {
  readonly instrument: Instrument;
  private readonly mu: number;
  // Protected: the model's minute paths draw with the same per-minute volatility and keys.
  protected readonly sigma: number;
  private readonly kappa: number;
  protected readonly k1: number;
  protected readonly k2: number;
  private readonly forward: number[];
  private readonly backward: number[] = [];
  private readonly sessions = new Map<number, Session | null>();

  constructor(instrument: Instrument, params: SimulationParams, seed: string) {
    this.instrument = instrument;
    const perYear = minutesPerYear(instrument);
    this.mu = Math.log(params.startPrice);
    this.sigma = params.volatility / Math.sqrt(perYear);
    this.kappa = Math.LN2 / (REVERSION_HALF_LIFE_YEARS * perYear);
    const key = `${seed}\u0000${instrument.symbol}`;
    this.k1 = hashString(key, 0x6d2b79f5);
    this.k2 = hashString(key, 0x1b873593);
    this.forward = [this.mu];
  }

  /** The session of trading date `day`, cached: every walk and bar asks for its dates again. */
  session(day: number): Session | null {
    let session = this.sessions.get(day);
    if (session === undefined) {
      session = sessionOfDay(this.instrument.hours, day);
      this.sessions.set(day, session);
    }
    return session;
  }

  private minutesOf(day: number): number {
    const session = this.session(day);
    return session ? Math.round((session.close - session.open) / MINUTE) : 0;
  }

  /** One trading date's step: how the log close moves away from `from` over `minutes`. */
  private step(from: number, day: number): number {
    const minutes = this.minutesOf(day);
    if (minutes === 0) return from;
    const shock = gaussian(hash3(this.k1, day, 1), hash3(this.k2, day, 2));
    return from + this.kappa * minutes * (this.mu - from) + this.sigma * Math.sqrt(minutes) * shock;
  }

  /** Log close of trading date `day` (for a date without a session: the close before it). */
  closeLog(day: number): number {
    if (!Number.isInteger(day) || day < FIRST_DAY || day > LAST_DAY)
      throw new RangeError(`simulated prices cover 1970 to 2200, not day ${day}`);
    if (day >= ANCHOR_DAY) {
      const forward = this.forward;
      while (forward.length <= day - ANCHOR_DAY) {
        const previous = forward[forward.length - 1] ?? this.mu;
        forward.push(this.step(previous, ANCHOR_DAY + forward.length));
      }
      return forward[day - ANCHOR_DAY] ?? this.mu;
    }
    // Before the anchor, walk backwards: undoing day d moves X[d] to X[d - 1].
    const backward = this.backward;
    while (backward.length <= ANCHOR_DAY - 1 - day) {
      const later = backward[backward.length - 1] ?? this.mu;
      backward.push(this.step(later, ANCHOR_DAY - backward.length));
    }
    return backward[ANCHOR_DAY - 1 - day] ?? this.mu;
  }
}
