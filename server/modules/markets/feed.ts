/**
 * Where prices come from: the `PriceSource` interface and its embedded default, a deterministic
 * simulated feed (docs/markets.md, "The simulated feed").
 *
 * The simulation is a pure function of (seed, symbol, time): daily closes are a seeded geometric
 * Brownian motion (with a weak pull back to the instrument's start price) iterated one trading date
 * at a time from an anchor date; inside a session the minute path is a Brownian bridge between the
 * previous close and the day's close; inside a minute the per-second ticks pass through the bar's
 * open, high, low and close. Nothing depends on when or in which order it is asked.
 */
import type { Candle, Instrument, Quote } from '../../../protocol/markets.ts';
import {
  calendarOf,
  DAY,
  dayStart,
  MINUTE,
  previousSession,
  SECOND,
  type Session,
  sessionOfDay,
  sessionsBetween,
  type TradingCalendar,
  tradingDayOf,
} from './candles.ts';
import { DEMO_SIMULATION, defaultSimulation, type SimulationParams } from './instruments.ts';

export type Awaitable<T> = T | Promise<T>;

/**
 * A source of prices for the configured instruments. The server's price process (one per
 * deployment) asks it for the quote every second, stores its completed 1-minute bars, and
 * backfills history with `minuteBars` and `dailyBars` on first start.
 *
 * A real feed implements it by keeping the latest tick per symbol in memory (from the vendor's
 * stream) and answering history from the vendor's REST API or its own aggregation of ticks; it may
 * return promises for history. Prices are mid prices, decimal strings at the instrument's
 * precision; candle times are bucket starts in Unix ms (1-minute bars on the minute, daily bars at
 * the start of the trading day, `bucketStart('1D', ...)` of candles.ts).
 */
export interface PriceSource {
  /** True for the simulated feed: the screens then say "simulated prices". */
  readonly simulated: boolean;
  readonly instruments: readonly Instrument[];
  /**
   * The quote at `ms` (normally now): bid, ask, last and the time of the last tick; `open` false
   * while the market is closed, with the price of its last tick. A live feed returns its latest
   * tick at or before `ms`.
   */
  tickAt(symbol: string, ms: number): Quote;
  /** The 1-minute bar in progress at `ms`, from the minute's start up to `ms`; null while closed. */
  currentBar(symbol: string, ms: number): Candle | null;
  /** 1-minute bars whose start lies in [fromMs, toMs), oldest first; none while closed. */
  minuteBars(symbol: string, fromMs: number, toMs: number): Awaitable<Candle[]>;
  /** Daily bars (one per trading date) whose start lies in [fromMs, toMs), oldest first. */
  dailyBars(symbol: string, fromMs: number, toMs: number): Awaitable<Candle[]>;
}

/** The simulated source answers synchronously and its history is available for any time. */
export interface SimulatedSource extends PriceSource {
  readonly simulated: true;
  readonly seed: string;
  isOpen(symbol: string, ms: number): boolean;
  minuteBars(symbol: string, fromMs: number, toMs: number): Candle[];
  dailyBars(symbol: string, fromMs: number, toMs: number): Candle[];
}

export interface SimulatedSourceOptions {
  seed: string | number;
  /** Per-symbol parameters; default DEMO_SIMULATION, then defaultSimulation() by category. */
  simulation?: Readonly<Record<string, SimulationParams>>;
}

/** Daily closes are anchored at the start price on this trading date (2026-01-01). */
export const ANCHOR_DAY = Date.UTC(2026, 0, 1) / DAY;
// A session on 1970-01-01 starts from the close of the day before.
const FIRST_DAY = Date.UTC(1969, 11, 31) / DAY;
const LAST_DAY = Date.UTC(2200, 0, 1) / DAY;
/** Half-life of the pull back to the start price, in years of trading time. */
const REVERSION_HALF_LIFE_YEARS = 1;
const YEAR_DAYS = 365.2425;
/** Ticks per minute: seconds 0..59; the open is second 0 and the close second 59. */
const LAST_SECOND = 59;

// ---------------------------------------------------------------------------------------------
// Counter-based randomness: 32-bit integer hashes and a small seeded generator

function fmix(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

function hash3(a: number, b: number, c: number): number {
  return fmix(a ^ fmix(b ^ fmix(c ^ 0x9e3779b9)));
}

function hashString(text: string, salt: number): number {
  let h = salt ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 13;
  }
  return fmix(h);
}

/** A uniform number in (0, 1) from 32 random bits. */
function unit(bits: number): number {
  return (bits + 0.5) / 4294967296;
}

function gaussian(bitsA: number, bitsB: number): number {
  return Math.sqrt(-2 * Math.log(unit(bitsA))) * Math.cos(2 * Math.PI * unit(bitsB));
}

// Acklam's rational approximation of the inverse normal distribution (relative error 1e-9).
const ACKLAM_A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
] as const;
const ACKLAM_B = [
  -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
] as const;
const ACKLAM_C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
] as const;
const ACKLAM_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416] as const;

function inverseNormal(p: number): number {
  const [a0, a1, a2, a3, a4, a5] = ACKLAM_A;
  const [b0, b1, b2, b3, b4] = ACKLAM_B;
  const [c0, c1, c2, c3, c4, c5] = ACKLAM_C;
  const [d0, d1, d2, d3] = ACKLAM_D;
  const tail = (q: number): number =>
    (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

// The minute walk draws millions of variates for deep history: it reads them from tables of the
// normal and exponential quantiles at 65,537 points, interpolated with the low 16 bits.
const TABLE_POINTS = 65_537;
const NORMAL_TABLE = new Float64Array(TABLE_POINTS);
const EXPONENTIAL_TABLE = new Float64Array(TABLE_POINTS);
for (let i = 0; i < TABLE_POINTS; i++) {
  const p = (i + 0.5) / TABLE_POINTS;
  NORMAL_TABLE[i] = inverseNormal(p);
  EXPONENTIAL_TABLE[i] = -Math.log(p);
}

function fromTable(table: Float64Array, bits: number): number {
  const i = bits >>> 16;
  const low = table[i] ?? 0;
  return low + ((bits & 0xffff) / 65536) * ((table[i + 1] ?? low) - low);
}

/** sfc32 (Chris Doty-Humphrey's small fast chaotic generator), for the minutes of one session. */
class Sfc32 {
  a: number;
  b: number;
  c: number;
  d = 1;

  constructor(a: number, b: number, c: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    for (let i = 0; i < 12; i++) this.bits();
  }

  bits(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  uniform(): number {
    return unit(this.bits());
  }

  normal(): number {
    return fromTable(NORMAL_TABLE, this.bits());
  }

  /** -ln(U) for a uniform U: an exponential variate with mean 1. */
  exponential(): number {
    return fromTable(EXPONENTIAL_TABLE, this.bits());
  }
}

// ---------------------------------------------------------------------------------------------
// Per-instrument model

/** The log-price path of one session: minute k runs from y[k] to y[k + 1]. */
interface Path {
  session: Session;
  minutes: number;
  y: Float64Array;
  high: Float64Array;
  low: Float64Array;
  /** Seconds (1..58) at which the ticks touch the minute's high and low. */
  highAt: Uint8Array;
  lowAt: Uint8Array;
  /** Volume in units of the volume precision. */
  volume: Float64Array;
}

function newPath(session: Session, minutes: number): Path {
  return {
    session,
    minutes,
    y: new Float64Array(minutes + 1),
    high: new Float64Array(minutes),
    low: new Float64Array(minutes),
    highAt: new Uint8Array(minutes),
    lowAt: new Uint8Array(minutes),
    volume: new Float64Array(minutes),
  };
}

function formatUnits(units: number, precision: number): string {
  const digits = String(units).padStart(precision + 1, '0');
  return precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

function unitsOf(decimal: string, precision: number): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(decimal)) throw new Error(`not a decimal: "${decimal}"`);
  return Math.round(Number(decimal) * 10 ** precision);
}

function minutesPerYear(instrument: Instrument): number {
  const hours = instrument.hours;
  if (hours.kind === 'always') return YEAR_DAYS * 24 * 60;
  const clock = (text: string): number => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
  let length = clock(hours.close) - clock(hours.open);
  if (length <= 0) length += 24 * 60;
  return (new Set(hours.days).size * length * YEAR_DAYS) / 7;
}

const PATH_CACHE_SIZE = 8;
const DAILY_CACHE_SIZE = 50_000;

export class Model {
  readonly instrument: Instrument;
  readonly calendar: TradingCalendar;
  private readonly scale: number;
  private readonly spreadUnits: number;
  private readonly volumePrecision: number;
  private readonly baseVolume: number;
  private readonly mu: number;
  private readonly sigma: number;
  private readonly kappa: number;
  private readonly k1: number;
  private readonly k2: number;
  private readonly forward: number[];
  private readonly backward: number[] = [];
  private readonly sessions = new Map<number, Session | null>();
  private readonly paths = new Map<number, Path>();
  private readonly daily = new Map<number, Candle>();
  private scratch: Path | null = null;

  constructor(instrument: Instrument, params: SimulationParams, seed: string) {
    this.instrument = instrument;
    this.calendar = calendarOf(instrument.hours);
    this.scale = 10 ** instrument.precision;
    this.spreadUnits = unitsOf(instrument.spread, instrument.precision);
    this.volumePrecision = params.volumePrecision;
    this.baseVolume = params.minuteVolume * 10 ** params.volumePrecision;
    const perYear = minutesPerYear(instrument);
    this.mu = Math.log(params.startPrice);
    this.sigma = params.volatility / Math.sqrt(perYear);
    this.kappa = Math.LN2 / (REVERSION_HALF_LIFE_YEARS * perYear);
    const key = `${seed}\u0000${instrument.symbol}`;
    this.k1 = hashString(key, 0x6d2b79f5);
    this.k2 = hashString(key, 0x1b873593);
    this.forward = [this.mu];
  }

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

  private units(log: number): number {
    return Math.max(1, Math.round(Math.exp(log) * this.scale));
  }

  private price(units: number): string {
    return formatUnits(units, this.instrument.precision);
  }

  /** Fill `path` with the minutes of its session; the same draws whatever is read afterwards. */
  private walk(path: Path): void {
    const { session, minutes, y, high, low, highAt, lowAt, volume } = path;
    const rng = new Sfc32(hash3(this.k1, session.day, 5), hash3(this.k2, session.day, 6), session.day);
    const sigma = this.sigma;
    const variance = sigma * sigma;
    const end = this.closeLog(session.day);
    y[0] = this.closeLog(session.day - 1);
    y[minutes] = end;
    for (let k = 0; k < minutes; k++) {
      const left = minutes - k;
      const a = y[k] ?? end;
      let b = end;
      if (left > 1) {
        b = a + (end - a) / left + sigma * Math.sqrt((left - 1) / left) * rng.normal();
        y[k + 1] = b;
      }
      // Extremes of a Brownian bridge from a to b over one minute, sampled exactly.
      const middle = (a + b) / 2;
      const half = ((b - a) * (b - a)) / 4;
      high[k] = middle + Math.sqrt(half + (variance * rng.exponential()) / 2);
      low[k] = middle - Math.sqrt(half + (variance * rng.exponential()) / 2);
      const pick = Math.floor(rng.uniform() * 58 * 57);
      const top = 1 + Math.floor(pick / 57);
      const bottom = 1 + (pick % 57);
      highAt[k] = top;
      lowAt[k] = bottom >= top ? bottom + 1 : bottom;
      const move = Math.abs(b - a) / sigma;
      volume[k] = Math.max(1, Math.round(this.baseVolume * (0.3 + 0.6 * rng.uniform() + 0.5 * move)));
    }
  }

  private pathOf(session: Session): Path {
    const cached = this.paths.get(session.day);
    if (cached) {
      this.paths.delete(session.day);
      this.paths.set(session.day, cached);
      return cached;
    }
    const path = newPath(session, Math.round((session.close - session.open) / MINUTE));
    this.walk(path);
    this.paths.set(session.day, path);
    if (this.paths.size > PATH_CACHE_SIZE) {
      const oldest = this.paths.keys().next();
      if (!oldest.done) this.paths.delete(oldest.value);
    }
    return path;
  }

  private minuteCandle(path: Path, k: number): Candle {
    const open = this.units(path.y[k] ?? 0);
    const close = this.units(path.y[k + 1] ?? 0);
    return {
      time: path.session.open + k * MINUTE,
      open: this.price(open),
      high: this.price(Math.max(this.units(path.high[k] ?? 0), open, close)),
      low: this.price(Math.min(this.units(path.low[k] ?? 0), open, close)),
      close: this.price(close),
      volume: formatUnits(path.volume[k] ?? 1, this.volumePrecision),
    };
  }

  sessionAt(ms: number): Session | null {
    const day = tradingDayOf(ms, this.calendar);
    for (const d of [day, day - 1, day + 1]) {
      const session = this.session(d);
      if (session && session.open <= ms && ms < session.close) return session;
    }
    return null;
  }

  /** Price units of second `second` of minute `k`: a bridge through open, high, low, close. */
  private tickUnits(path: Path, k: number, second: number): number {
    const open = path.y[k] ?? 0;
    const close = path.y[k + 1] ?? 0;
    const high = path.high[k] ?? 0;
    const low = path.low[k] ?? 0;
    const highAt = path.highAt[k] ?? 1;
    const lowAt = path.lowAt[k] ?? 2;
    const highFirst = highAt < lowAt;
    const at = [0, highFirst ? highAt : lowAt, highFirst ? lowAt : highAt, LAST_SECOND];
    const value = [open, highFirst ? high : low, highFirst ? low : high, close];
    const lowUnits = Math.min(this.units(low), this.units(open), this.units(close));
    const highUnits = Math.max(this.units(high), this.units(open), this.units(close));
    let i = 0;
    while (i < 2 && second >= (at[i + 1] ?? LAST_SECOND)) i++;
    const from = at[i] ?? 0;
    const to = at[i + 1] ?? LAST_SECOND;
    const v0 = value[i] ?? open;
    const v1 = value[i + 1] ?? close;
    let log: number;
    if (second === from) log = v0;
    else if (second >= to) log = v1;
    else {
      const u = (second - from) / (to - from);
      const counter = k * 64 + second;
      const day = path.session.day;
      const shock = gaussian(hash3(this.k1 ^ day, counter, 7), hash3(this.k2 ^ day, counter, 8));
      const spread = this.sigma * Math.sqrt((u * (1 - u) * (to - from)) / LAST_SECOND);
      log = Math.min(high, Math.max(low, v0 + u * (v1 - v0) + spread * shock));
    }
    return Math.min(highUnits, Math.max(lowUnits, this.units(log)));
  }

  private quote(mid: number, at: number, open: boolean): Quote {
    const bid = Math.max(1, mid - Math.floor(this.spreadUnits / 2));
    return {
      symbol: this.instrument.symbol,
      bid: this.price(bid),
      ask: this.price(bid + this.spreadUnits),
      last: this.price(Math.min(bid + this.spreadUnits, Math.max(bid, mid))),
      at,
      open,
    };
  }

  tickAt(ms: number): Quote {
    const session = this.sessionAt(ms);
    if (!session) {
      const previous = previousSession(this.instrument.hours, ms);
      const day = previous ? previous.day : tradingDayOf(ms, this.calendar);
      return this.quote(this.units(this.closeLog(day)), previous ? previous.close - SECOND : ms, false);
    }
    const path = this.pathOf(session);
    const k = Math.floor((ms - session.open) / MINUTE);
    const second = Math.floor((ms - session.open - k * MINUTE) / SECOND);
    return this.quote(this.tickUnits(path, k, second), session.open + k * MINUTE + second * SECOND, true);
  }

  currentBar(ms: number): Candle | null {
    const session = this.sessionAt(ms);
    if (!session) return null;
    const path = this.pathOf(session);
    const k = Math.floor((ms - session.open) / MINUTE);
    const last = Math.floor((ms - session.open - k * MINUTE) / SECOND);
    const open = this.tickUnits(path, k, 0);
    let high = open;
    let low = open;
    let close = open;
    for (let second = 1; second <= last; second++) {
      close = this.tickUnits(path, k, second);
      high = Math.max(high, close);
      low = Math.min(low, close);
    }
    const volume = Math.ceil(((path.volume[k] ?? 1) * (last + 1)) / (LAST_SECOND + 1));
    return {
      time: session.open + k * MINUTE,
      open: this.price(open),
      high: this.price(high),
      low: this.price(low),
      close: this.price(close),
      volume: formatUnits(volume, this.volumePrecision),
    };
  }

  minuteBars(fromMs: number, toMs: number): Candle[] {
    const bars: Candle[] = [];
    for (const session of sessionsBetween(this.instrument.hours, fromMs, toMs)) {
      const path = this.pathOf(session);
      const first = Math.max(0, Math.ceil((fromMs - session.open) / MINUTE));
      const end = Math.min(path.minutes, Math.ceil((toMs - session.open) / MINUTE));
      for (let k = first; k < end; k++) bars.push(this.minuteCandle(path, k));
    }
    return bars;
  }

  private dailyCandle(day: number, session: Session): Candle {
    const cached = this.daily.get(day);
    if (cached) return cached;
    const minutes = Math.round((session.close - session.open) / MINUTE);
    let path = this.paths.get(day);
    if (!path) {
      if (!this.scratch || this.scratch.minutes < minutes) this.scratch = newPath(session, minutes + 120);
      path = { ...this.scratch, session, minutes };
      this.walk(path);
    }
    let maxHigh = -Infinity;
    let minLow = Infinity;
    let maxY = -Infinity;
    let minY = Infinity;
    let volume = 0;
    for (let k = 0; k < minutes; k++) {
      maxHigh = Math.max(maxHigh, path.high[k] ?? maxHigh);
      minLow = Math.min(minLow, path.low[k] ?? minLow);
      const y = path.y[k + 1] ?? 0;
      maxY = Math.max(maxY, y);
      minY = Math.min(minY, y);
      volume += path.volume[k] ?? 0;
    }
    const open = this.units(path.y[0] ?? 0);
    const candle: Candle = {
      time: dayStart(day, this.calendar),
      open: this.price(open),
      high: this.price(Math.max(this.units(maxHigh), this.units(maxY), open)),
      low: this.price(Math.min(this.units(minLow), this.units(minY), open)),
      close: this.price(this.units(path.y[minutes] ?? 0)),
      volume: formatUnits(volume, this.volumePrecision),
    };
    if (this.daily.size >= DAILY_CACHE_SIZE) this.daily.clear();
    this.daily.set(day, candle);
    return candle;
  }

  dailyBars(fromMs: number, toMs: number): Candle[] {
    const bars: Candle[] = [];
    if (toMs <= fromMs) return bars;
    const last = tradingDayOf(toMs, this.calendar) + 1;
    for (let day = tradingDayOf(fromMs, this.calendar) - 1; day <= last; day++) {
      const session = this.session(day);
      if (!session) continue;
      const time = dayStart(day, this.calendar);
      if (time >= fromMs && time < toMs) bars.push(this.dailyCandle(day, session));
    }
    return bars;
  }
}

/**
 * The embedded simulated feed over `instruments`. Same seed, same prices: every answer is a pure
 * function of (seed, symbol, time), whatever was asked before. Prices cover 1970 to 2200.
 */
export function createSimulatedSource(
  instruments: readonly Instrument[],
  options: SimulatedSourceOptions,
): SimulatedSource {
  const seed = String(options.seed);
  const table = options.simulation ?? DEMO_SIMULATION;
  const bySymbol = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  const models = new Map<string, Model>();
  const model = (symbol: string): Model => {
    let found = models.get(symbol);
    if (!found) {
      const instrument = bySymbol.get(symbol);
      if (!instrument) throw new Error(`unknown instrument: ${symbol}`);
      found = new Model(instrument, table[symbol] ?? defaultSimulation(instrument), seed);
      models.set(symbol, found);
    }
    return found;
  };
  return {
    simulated: true,
    seed,
    instruments,
    isOpen: (symbol, ms) => model(symbol).sessionAt(ms) !== null,
    tickAt: (symbol, ms) => model(symbol).tickAt(ms),
    currentBar: (symbol, ms) => model(symbol).currentBar(ms),
    minuteBars: (symbol, fromMs, toMs) => model(symbol).minuteBars(fromMs, toMs),
    dailyBars: (symbol, fromMs, toMs) => model(symbol).dailyBars(fromMs, toMs),
  };
}
