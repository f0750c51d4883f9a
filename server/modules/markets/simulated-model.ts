/**
 * One instrument's simulated prices (docs/markets.md, "The simulated feed", 2 to 7): inside a
 * session the minute path is a Brownian bridge between the previous close and the day's close
 * (daily-closes.ts); inside a minute the per-second ticks pass through the bar's open, high, low
 * and close; daily bars are summed from the same minute paths, so they equal their minutes.
 */
import type { Candle, Instrument, Quote } from '../../../protocol/markets.ts';
import { DailyCloses } from './daily-closes.ts';
import { MINUTE, SECOND } from './durations.ts';
import type { SimulationParams } from './instruments.ts';
import { newPath, type Path } from './minute-path.ts';
import { formatUnits, unitsOf } from './price-units.ts';
import { gaussian, hash3 } from './random-hashes.ts';
import { Sfc32 } from './sfc32.ts';
import { calendarOf, dayStart, type TradingCalendar, tradingDayOf } from './trading-calendar.ts';
import { previousSession, type Session, sessionsBetween } from './trading-sessions.ts';

/** Ticks per minute: seconds 0..59; the open is second 0 and the close second 59. */
const LAST_SECOND = 59;

// Minute paths of the latest sessions asked (the live quote reads today's every second), and daily
// bars, each of which costs a whole session's walk: both cached, in bounded memory.
const PATH_CACHE_SIZE = 8;
const DAILY_CACHE_SIZE = 50_000;

/** The simulated prices of one instrument: quotes, bars in progress, minute and daily bars. */
export class Model extends DailyCloses {
  readonly calendar: TradingCalendar;
  private readonly scale: number;
  private readonly spreadUnits: number;
  private readonly volumePrecision: number;
  private readonly baseVolume: number;
  private readonly paths = new Map<number, Path>();
  private readonly daily = new Map<number, Candle>();
  private scratch: Path | null = null;

  constructor(instrument: Instrument, params: SimulationParams, seed: string) {
    super(instrument, params, seed);
    this.calendar = calendarOf(instrument.hours);
    this.scale = 10 ** instrument.precision;
    this.spreadUnits = unitsOf(instrument.spread, instrument.precision);
    this.volumePrecision = params.volumePrecision;
    this.baseVolume = params.minuteVolume * 10 ** params.volumePrecision;
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
