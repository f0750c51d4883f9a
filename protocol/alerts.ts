/**
 * Price alerts (10092 set, 10093 list, 10094 delete; docs/alerts.md): "BTCUSDT above 60,000". The
 * server compares every second's last price (the price the lists show) with each active alert; the
 * first second it is at or beyond the level, the alert fires, once, and a Web Push goes to the
 * user's subscriptions. An alert that would fire at once is refused, so a fired alert always
 * means the price moved through the level after it was set.
 */
import * as v from 'valibot';
import { instrumentSymbol } from './markets.ts';
import { decimalAmount, requestId } from './validation.ts';

/** Active alerts a user may hold at once; fired ones do not count. */
export const ALERTS_PER_USER = 20;
/** Fired alerts kept in the list, newest first. */
export const FIRED_ALERTS_LISTED = 20;

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

export type AlertStatus = 'active' | 'fired';

export interface PriceAlert {
  id: number;
  symbol: string;
  direction: AlertDirection;
  /** The level, at the instrument's precision. */
  price: string;
  status: AlertStatus;
  createdAt: number;
  /** When it fired and the last price that fired it; null while active. */
  firedAt: number | null;
  firedPrice: string | null;
}

export interface AlertList {
  /** Active alerts, newest first, then the latest fired ones. */
  list: PriceAlert[];
  /** How many more active alerts may be set. */
  remaining: number;
}

const positivePrice = v.pipe(
  decimalAmount(10),
  v.check((s) => /[1-9]/.test(s)),
);

export const alertCreateRequest = v.object({
  symbol: instrumentSymbol,
  direction: v.picklist(ALERT_DIRECTIONS),
  price: positivePrice,
  requestId,
});
export type AlertCreateRequest = v.InferOutput<typeof alertCreateRequest>;

export const alertListRequest = v.object({ symbol: v.optional(instrumentSymbol) });

export const alertDeleteRequest = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number)),
  requestId,
});

/** What tapping a fired alert's notification opens: the instrument's page (src/app/paths.ts). */
export function alertPath(symbol: string): string {
  return `/instrument/${encodeURIComponent(symbol)}`;
}
