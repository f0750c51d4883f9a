import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('defaults: port 8080, data/, embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('data'),
      databaseUrl: null,
      demoSeed: true,
    });
  });

  test('a PostgreSQL URL switches the database and turns the demo seed off unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      databaseUrl: 'postgres://u@h/db',
      demoSeed: false,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_SEED: 'true' }).demoSeed).toBe(true);
  });

  test('demo money only on the embedded database and never in production', () => {
    expect(loadConfig({}).demoMoney).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoMoney).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_SEED: 'true' }).demoMoney).toBe(false);
    expect(loadConfig({ DEMO_SEED: 'false' }).demoMoney).toBe(false);
  });

  test('bad values stop the start naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO_SEED: 'maybe' })).toThrow(/DEMO_SEED/);
  });

  test('prices are simulated unless MARKET_FEED=live; the feeds base URLs are settings', () => {
    expect(loadConfig({}).marketFeed).toBe('simulated');
    expect(loadConfig({}).feeds).toEqual({
      binanceStream: 'wss://stream.binance.com:9443',
      binanceRest: 'https://api.binance.com',
      pythUrl: 'https://hermes.pyth.network',
      pythKey: null,
    });
    const live = loadConfig({
      MARKET_FEED: 'live',
      FEED_BINANCE_STREAM: 'ws://127.0.0.1:9001/',
      FEED_PYTH_URL: 'http://127.0.0.1:9002',
      FEED_PYTH_KEY: 'k',
    });
    expect(live.marketFeed).toBe('live');
    expect(live.feeds).toMatchObject({ binanceStream: 'ws://127.0.0.1:9001', pythKey: 'k' });
    expect(() => loadConfig({ MARKET_FEED: 'real' })).toThrow(/MARKET_FEED/);
    expect(() => loadConfig({ FEED_BINANCE_STREAM: 'https://x' })).toThrow(/FEED_BINANCE_STREAM/);
    expect(() => loadConfig({ FEED_PYTH_URL: 'nope' })).toThrow(/FEED_PYTH_URL/);
  });
});
