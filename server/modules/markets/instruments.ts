/**
 * The demo instrument set and the parameters of its simulated prices (docs/markets.md).
 *
 * Start prices are rough levels of late 2025, the level each simulated walk is anchored at on
 * 2026-01-01 and slowly reverts to. Volatilities are annualized over trading time.
 */
import type { Instrument, MarketCategory, TradingHours } from '../../../protocol/markets.ts';

export interface SimulationParams {
  /** Mid price at the anchor date (2026-01-01), also the level the walk reverts to. */
  startPrice: number;
  /** Annualized volatility of log returns over trading time: 0.6 is 60 %. */
  volatility: number;
  /** Typical volume of one 1-minute bar (base units for crypto, lots or ticks otherwise). */
  minuteVolume: number;
  /** Digits after the point in volumes. */
  volumePrecision: number;
}

const ALWAYS: TradingHours = { kind: 'always' };

/** A session every listed weekday (0 is Sunday), local time in `timeZone`; close before open runs overnight. */
function weekly(timeZone: string, days: number[], open: string, close: string): TradingHours {
  return { kind: 'weekly', timeZone, days, open, close };
}

/** Forex: Sunday 17:00 to Friday 17:00 New York, one overnight session per trading day. */
const FOREX_WEEK = weekly('America/New_York', [0, 1, 2, 3, 4], '17:00', '17:00');

/** CME Globex metals and WTI: Sunday to Thursday 18:00 to the next day 17:00 New York. */
const GLOBEX = weekly('America/New_York', [0, 1, 2, 3, 4], '18:00', '17:00');

/** ICE Brent, simplified: Monday to Friday 01:00 to 23:00 London. */
const ICE_LONDON = weekly('Europe/London', [1, 2, 3, 4, 5], '01:00', '23:00');

const NEW_YORK_CASH = weekly('America/New_York', [1, 2, 3, 4, 5], '09:30', '16:00');

const HONG_KONG_CASH = weekly('Asia/Hong_Kong', [1, 2, 3, 4, 5], '09:30', '16:00');

type Row = [
  symbol: string,
  name: string,
  category: Exclude<MarketCategory, 'popular'>,
  popular: boolean,
  precision: number,
  spread: string,
  hours: TradingHours,
  simulation: SimulationParams,
];

function sim(
  startPrice: number,
  volatility: number,
  minuteVolume: number,
  volumePrecision = 0,
): SimulationParams {
  return { startPrice, volatility, minuteVolume, volumePrecision };
}

// biome-ignore format: one instrument per line reads as a table
const ROWS: Row[] = [
  ['BTCUSDT', 'Bitcoin', 'crypto', true, 2, '1.00', ALWAYS, sim(95_000, 0.6, 12, 4)],
  ['ETHUSDT', 'Ethereum', 'crypto', true, 2, '0.10', ALWAYS, sim(3_300, 0.75, 250, 3)],
  ['BNBUSDT', 'BNB', 'crypto', false, 2, '0.05', ALWAYS, sim(880, 0.65, 40, 3)],
  ['SOLUSDT', 'Solana', 'crypto', false, 2, '0.02', ALWAYS, sim(150, 0.8, 600, 2)],
  ['TRXUSDT', 'TRON', 'crypto', false, 4, '0.0001', ALWAYS, sim(0.28, 0.6, 300_000, 1)],
  // The coins the demo mining machines produce (docs/mining.md): priced so yields can be computed.
  ['LTCUSDT', 'Litecoin', 'crypto', false, 2, '0.02', ALWAYS, sim(90, 0.8, 800, 2)],
  ['DOGEUSDT', 'Dogecoin', 'crypto', false, 5, '0.00002', ALWAYS, sim(0.16, 0.9, 2_000_000)],
  ['KASUSDT', 'Kaspa', 'crypto', false, 5, '0.00002', ALWAYS, sim(0.06, 0.9, 3_000_000)],
  ['EURUSD', 'Euro / US Dollar', 'forex', true, 5, '0.00008', FOREX_WEEK, sim(1.16, 0.07, 120)],
  ['GBPUSD', 'British Pound / US Dollar', 'forex', false, 5, '0.00012', FOREX_WEEK, sim(1.33, 0.08, 100)],
  ['USDJPY', 'US Dollar / Japanese Yen', 'forex', false, 3, '0.010', FOREX_WEEK, sim(155, 0.1, 130)],
  ['AUDUSD', 'Australian Dollar / US Dollar', 'forex', false, 5, '0.00010', FOREX_WEEK, sim(0.66, 0.1, 80)],
  ['XAUUSD', 'Gold / US Dollar', 'gold', true, 2, '0.30', GLOBEX, sim(4_000, 0.15, 150)],
  ['XAGUSD', 'Silver / US Dollar', 'gold', false, 3, '0.030', GLOBEX, sim(50, 0.25, 60)],
  ['USOIL', 'WTI Crude Oil', 'crude_oil', true, 2, '0.03', GLOBEX, sim(60, 0.35, 120)],
  ['UKOIL', 'Brent Crude Oil', 'crude_oil', false, 2, '0.03', ICE_LONDON, sim(64, 0.35, 100)],
  ['US30', 'Dow Jones 30', 'stock_index', false, 1, '2.0', NEW_YORK_CASH, sim(47_000, 0.16, 300)],
  ['NAS100', 'Nasdaq 100', 'stock_index', true, 1, '1.0', NEW_YORK_CASH, sim(25_000, 0.22, 400)],
  ['SPX500', 'S&P 500', 'stock_index', false, 1, '0.5', NEW_YORK_CASH, sim(6_800, 0.18, 500)],
  ['HK50', 'Hang Seng 50', 'stock_index', false, 1, '6.0', HONG_KONG_CASH, sim(25_500, 0.22, 200)],
];

/** The demo instruments, in display order. */
export const DEMO_INSTRUMENTS: Instrument[] = ROWS.map(
  ([symbol, name, category, popular, precision, spread, hours]) => ({
    symbol,
    name,
    category,
    popular,
    precision,
    spread,
    hours,
  }),
);

/** Simulation parameters of the demo instruments, by symbol. */
export const DEMO_SIMULATION: Readonly<Record<string, SimulationParams>> = Object.fromEntries(
  ROWS.map((row) => [row[0], row[7]]),
);

const CATEGORY_VOLATILITY: Record<Instrument['category'], number> = {
  crypto: 0.7,
  forex: 0.08,
  gold: 0.2,
  crude_oil: 0.35,
  stock_index: 0.18,
};

/** Parameters for an instrument missing from the table: a walk around 100 at its class's volatility. */
export function defaultSimulation(instrument: Instrument): SimulationParams {
  return sim(100, CATEGORY_VOLATILITY[instrument.category], 100);
}
