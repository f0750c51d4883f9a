import { describe, expect, test } from 'vitest';
import {
  combinedStreamUrl,
  klinesUrl,
  parseCombined,
  parseKlines,
  parsePayload,
} from './binance-messages.ts';

// Payloads as Binance's web-socket-streams.md and rest-api.md print them.
const BOOK = {
  u: 400900217,
  s: 'BNBUSDT',
  b: '25.35190000',
  B: '31.21000000',
  a: '25.36520000',
  A: '40.66000000',
};
const AGG = {
  e: 'aggTrade',
  E: 1672515782136,
  s: 'BNBBTC',
  a: 12345,
  p: '0.001',
  q: '100',
  f: 100,
  l: 105,
  T: 1672515782136,
  m: true,
  M: true,
};

describe('Binance combined streams', () => {
  test('a book ticker and an aggregate trade, unwrapped from the combined envelope', () => {
    expect(parseCombined(JSON.stringify({ stream: 'bnbusdt@bookTicker', data: BOOK }))).toEqual({
      kind: 'book',
      symbol: 'BNBUSDT',
      updateId: 400900217,
      bid: '25.35190000',
      ask: '25.36520000',
    });
    expect(parseCombined(JSON.stringify({ stream: 'bnbbtc@aggTrade', data: AGG }))).toEqual({
      kind: 'trade',
      symbol: 'BNBBTC',
      tradeId: 12345,
      price: '0.001',
      quantity: '100',
      time: 1672515782136,
    });
  });

  test('malformed JSON, other events and bad prices are null, never a throw', () => {
    for (const text of [
      '{',
      '',
      'null',
      '[]',
      '{"stream":"x"}',
      JSON.stringify({ stream: 'a', data: { e: 'kline' } }),
    ])
      expect(parseCombined(text), text).toBeNull();
    expect(parsePayload({ ...BOOK, b: '-1' })).toBeNull();
    expect(parsePayload({ ...BOOK, b: '0.0000' })).toBeNull();
    expect(parsePayload({ ...BOOK, a: 25.36 })).toBeNull();
    expect(parsePayload({ ...BOOK, s: 'bnbusdt' })).toBeNull();
    expect(parsePayload({ ...AGG, p: '1e5' })).toBeNull();
    expect(parsePayload({ ...AGG, T: '1' })).toBeNull();
  });

  test('one combined URL per connection, lower-case stream names', () => {
    expect(combinedStreamUrl('wss://stream.binance.com:9443/', ['BTCUSDT', 'ETHUSDT'])).toBe(
      'wss://stream.binance.com:9443/stream?streams=btcusdt@bookTicker/btcusdt@aggTrade/ethusdt@bookTicker/ethusdt@aggTrade',
    );
  });
});

describe('Binance klines', () => {
  test('rows become candles in time order, duplicates once, malformed rows left out', () => {
    const row = (t: number, c: string) => [
      t,
      '1.0',
      '2.0',
      '0.5',
      c,
      '10.5',
      t + 59_999,
      '1',
      3,
      '1',
      '1',
      '0',
    ];
    expect(
      parseKlines([row(120_000, '1.2'), row(60_000, '1.1'), row(120_000, '1.3'), ['x'], [180_000, '1', '1']]),
    ).toEqual([
      { time: 60_000, open: '1.0', high: '2.0', low: '0.5', close: '1.1', volume: '10.5' },
      { time: 120_000, open: '1.0', high: '2.0', low: '0.5', close: '1.3', volume: '10.5' },
    ]);
    expect(parseKlines({ code: -1121, msg: 'Invalid symbol.' })).toEqual([]);
    expect(klinesUrl('https://api.binance.com', 'BTCUSDT', 0, 59_999)).toBe(
      'https://api.binance.com/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=0&endTime=59999&limit=1000',
    );
  });
});
