/** Translated labels of categories, chart types and intervals (keys under `markets.` in the bundles). */
import type { TFunction } from 'i18next';
import type { Interval } from '../../../protocol/markets.ts';

const INTERVAL_PARTS: Record<Interval, ['minute' | 'hour' | 'day' | 'week' | 'month', number]> = {
  '1m': ['minute', 1],
  '3m': ['minute', 3],
  '5m': ['minute', 5],
  '15m': ['minute', 15],
  '30m': ['minute', 30],
  '1h': ['hour', 1],
  '4h': ['hour', 4],
  '1D': ['day', 1],
  '5D': ['day', 5],
  '1w': ['week', 1],
  '1M': ['month', 1],
  '3M': ['month', 3],
  '6M': ['month', 6],
};

/** `1m` -> "1m" in English, "1分" in Chinese: one pattern per unit, the number put in. */
export function intervalLabel(t: TFunction, interval: Interval): string {
  const [unit, count] = INTERVAL_PARTS[interval];
  return t(`markets.intervalUnits.${unit}`, { count });
}
