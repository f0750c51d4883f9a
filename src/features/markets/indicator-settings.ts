/**
 * Which indicators the chart shows and with what periods, kept in the store per wallet (the
 * `indicators` record of `map`, keyed by the signed-in address, `guest` without one), so a user
 * finds their chart as they left it on every device session. A stored value of the wrong shape is
 * replaced field by field by the defaults, never trusted.
 */
import { map, setIndicators } from '../../app/store.ts';

export const OVERLAYS = ['ma', 'ema', 'boll'] as const;
export const PANES = ['vol', 'macd', 'rsi'] as const;
export type IndicatorName = (typeof OVERLAYS)[number] | (typeof PANES)[number];

export interface IndicatorSettings {
  ma: { on: boolean; periods: number[] };
  ema: { on: boolean; periods: number[] };
  boll: { on: boolean; period: number; width: number };
  vol: { on: boolean; periods: number[] };
  macd: { on: boolean; fast: number; slow: number; signal: number };
  rsi: { on: boolean; period: number };
}

/** What exchange apps open with: MA(7, 25, 99) on the price, volume with MA(5, 10) below. */
export const DEFAULT_INDICATORS: IndicatorSettings = {
  ma: { on: true, periods: [7, 25, 99] },
  ema: { on: false, periods: [7, 25, 99] },
  boll: { on: false, period: 20, width: 2 },
  vol: { on: true, periods: [5, 10] },
  macd: { on: false, fast: 12, slow: 26, signal: 9 },
  rsi: { on: false, period: 14 },
};

export const MAX_PERIOD = 500;
export const MAX_LINES = 3;

export const isPeriod = (n: unknown): n is number =>
  Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_PERIOD;
export const isWidth = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0.1 && n <= 10;

type Loose = Record<string, unknown>;
const objectOr = (v: unknown): Loose => (typeof v === 'object' && v !== null ? (v as Loose) : {});
const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const period = (v: unknown, fallback: number) => (isPeriod(v) ? v : fallback);
const periods = (v: unknown, fallback: number[]) =>
  Array.isArray(v) && v.length >= 1 && v.length <= MAX_LINES && v.every(isPeriod) ? [...v] : fallback;

/** A stored value made whole: every field of the right shape kept, every other one the default. */
export function normalizeIndicators(stored: unknown): IndicatorSettings {
  const s = objectOr(stored);
  const d = DEFAULT_INDICATORS;
  const ma = objectOr(s.ma);
  const ema = objectOr(s.ema);
  const boll = objectOr(s.boll);
  const vol = objectOr(s.vol);
  const macd = objectOr(s.macd);
  const rsi = objectOr(s.rsi);
  const fast = period(macd.fast, d.macd.fast);
  const slow = period(macd.slow, d.macd.slow);
  return {
    ma: { on: bool(ma.on, d.ma.on), periods: periods(ma.periods, d.ma.periods) },
    ema: { on: bool(ema.on, d.ema.on), periods: periods(ema.periods, d.ema.periods) },
    boll: {
      on: bool(boll.on, d.boll.on),
      period: period(boll.period, d.boll.period),
      width: isWidth(boll.width) ? boll.width : d.boll.width,
    },
    vol: { on: bool(vol.on, d.vol.on), periods: periods(vol.periods, d.vol.periods) },
    // A fast period not shorter than the slow one is no MACD: both fall back together.
    macd:
      fast < slow
        ? { on: bool(macd.on, d.macd.on), fast, slow, signal: period(macd.signal, d.macd.signal) }
        : { ...d.macd, on: bool(macd.on, d.macd.on) },
    rsi: { on: bool(rsi.on, d.rsi.on), period: period(rsi.period, d.rsi.period) },
  };
}

/** Whose settings: the signed-in wallet's, or the guest's on this device. */
export function indicatorOwner(): string {
  return map.address.value.toLowerCase() || 'guest';
}

export function readIndicators(owner = indicatorOwner()): IndicatorSettings {
  return normalizeIndicators(map.indicators.value[owner]);
}

export function saveIndicators(settings: IndicatorSettings, owner = indicatorOwner()): void {
  setIndicators({ ...map.indicators.value, [owner]: settings });
}

export function toggleIndicator(name: IndicatorName, owner = indicatorOwner()): IndicatorSettings {
  const current = readIndicators(owner);
  const next = { ...current, [name]: { ...current[name], on: !current[name].on } };
  saveIndicators(next, owner);
  return next;
}
