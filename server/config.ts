/**
 * Server configuration from environment variables (documented in the README). Invalid values
 * stop the start with a message that names the variable, never with a half-configured server.
 */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` for a PostgreSQL server; null for the embedded PGlite under `dataDir`. */
  databaseUrl: string | null;
  logLevel: string;
  /** Fill demo configuration into an empty database on start. */
  demoSeed: boolean;
  /** Demo money (the faucet): only on the embedded database, never with NODE_ENV=production. */
  demoMoney: boolean;
  /**
   * Whether a PostgreSQL deployment may start with the demo's public test deposit keys (anyone
   * can spend what is sent to their addresses): ALLOW_DEMO_KEYS, off by default.
   */
  allowDemoKeys: boolean;
  /** Requests per minute per client IP, and per wallet once a session exists. */
  rateLimitPerIp: number;
  rateLimitPerWallet: number;
  /** Honour X-Forwarded-For from a reverse proxy in front of the server. */
  trustProxy: boolean;
  /** Where the built client lives. */
  clientDir: string;
  /** The app's public origin (https://app.example.com); login messages are bound to it. */
  publicUrl: string | null;
  /** Seed of the simulated price feed: the same seed gives the same prices everywhere. */
  priceSeed: string;
  /** Candle history stored on the first start: days of 1-minute and of daily candles. */
  minuteBackfillDays: number;
  dailyBackfillDays: number;
  /** Closed candles of each rolled-up interval built from history on a first start. */
  rollupBackfillCandles: number;
  /**
   * How often each process tries the minute jobs (staking maturity, mining settlement). With
   * several processes it is also how soon another process takes a job over from one that died.
   */
  jobIntervalMs: number;
  /**
   * Where prices come from: `simulated` (the embedded default) or `live`, the feeds bound to
   * instruments by `admin config feed` (docs/markets.md, "Live feeds").
   */
  marketFeed: 'simulated' | 'live';
  /** The upstreams' base URLs (settings, so any Binance-format exchange or Hermes host will do). */
  feeds: { binanceStream: string; binanceRest: string; pythUrl: string; pythKey: string | null };
}

/** A whole number from an environment variable, or the fallback; out of range stops with its name. */
export function envInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function baseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string, protocols: string[]): string {
  const raw = env[name] || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`${name} must start with ${protocols.join(' or ')}`);
  return raw.replace(/\/+$/, '');
}

function marketFeed(raw: string | undefined): 'simulated' | 'live' {
  if (!raw || raw === 'simulated') return 'simulated';
  if (raw === 'live') return 'live';
  throw new Error(`MARKET_FEED must be simulated or live, got "${raw}"`);
}

function publicUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://app.example.com, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('PUBLIC_URL must be http(s)');
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL ? env.DATABASE_URL : null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port: envInteger(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    logLevel: env.LOG_LEVEL || 'info',
    // Demo data by default on the embedded database only: a real PostgreSQL deployment starts empty.
    demoSeed: flag(env, 'DEMO_SEED', databaseUrl === null),
    demoMoney: databaseUrl === null && env.NODE_ENV !== 'production' && flag(env, 'DEMO_SEED', true),
    allowDemoKeys: flag(env, 'ALLOW_DEMO_KEYS', false),
    rateLimitPerIp: envInteger(env, 'RATE_LIMIT_PER_IP', 600, 1, 1_000_000),
    rateLimitPerWallet: envInteger(env, 'RATE_LIMIT_PER_WALLET', 300, 1, 1_000_000),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    clientDir: path.resolve(env.CLIENT_DIR || 'dist'),
    publicUrl: publicUrl(env.PUBLIC_URL),
    priceSeed: env.PRICE_SEED || 'meridian',
    minuteBackfillDays: envInteger(env, 'MARKET_BACKFILL_MINUTE_DAYS', 3, 0, 90),
    dailyBackfillDays: envInteger(env, 'MARKET_BACKFILL_DAILY_DAYS', 6 * 365, 0, 30 * 365),
    rollupBackfillCandles: envInteger(env, 'MARKET_BACKFILL_CANDLES', 500, 0, 5000),
    jobIntervalMs: envInteger(env, 'JOB_INTERVAL_MS', 60_000, 100, 3_600_000),
    marketFeed: marketFeed(env.MARKET_FEED),
    feeds: {
      binanceStream: baseUrl(env, 'FEED_BINANCE_STREAM', 'wss://stream.binance.com:9443', ['wss:', 'ws:']),
      binanceRest: baseUrl(env, 'FEED_BINANCE_REST', 'https://api.binance.com', ['https:', 'http:']),
      pythUrl: baseUrl(env, 'FEED_PYTH_URL', 'https://hermes.pyth.network', ['https:', 'http:']),
      pythKey: env.FEED_PYTH_KEY || null,
    },
  };
}
