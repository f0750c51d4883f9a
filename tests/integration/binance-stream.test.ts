/**
 * The exchange stream against a local server that speaks Binance's documented WebSocket protocol
 * (tests/helpers/fixture-exchange.ts): parsed book tickers and trades, malformed frames skipped, a
 * dropped connection (the exchange's 24-hour cut) and a frozen one both replaced by a new
 * connection, and nothing after stop.
 */
import { expect, test } from 'vitest';
import type { BinanceMessage } from '../../server/modules/markets/live/binance-messages.ts';
import { combinedStreamUrl } from '../../server/modules/markets/live/binance-messages.ts';
import { BinanceStream } from '../../server/modules/markets/live/binance-stream.ts';
import { retryDelay } from '../../server/modules/markets/live/reconnecting.ts';
import { startExchangeFixture } from '../helpers/fixture-exchange.ts';
import { fixtureStreamPerTest } from '../helpers/fixture-stream.ts';
import { until } from '../helpers/until.ts';

const BOOK = { u: 1, s: 'BTCUSDT', b: '95000.01', B: '1.5', a: '95000.02', A: '0.7' };
const TRADE = {
  e: 'aggTrade',
  E: 5,
  s: 'BTCUSDT',
  a: 7,
  p: '95000.015',
  q: '0.01',
  f: 1,
  l: 2,
  T: 5,
  m: false,
  M: true,
};

const feed = fixtureStreamPerTest(
  startExchangeFixture,
  (exchange, deliver: (m: BinanceMessage) => void, options) =>
    new BinanceStream(combinedStreamUrl(exchange.base, ['BTCUSDT']), deliver, options),
);
const { received, follow } = feed;

test('book tickers and trades arrive parsed; malformed frames are counted and skipped', async () => {
  const s = follow();
  await feed.server.connections(1);
  expect(feed.server.paths[0]).toBe('/stream?streams=btcusdt@bookTicker/btcusdt@aggTrade');
  await until(() => feed.server.open() === 1 && s.connections === 1);
  feed.server.sendRaw('{"stream":"btcusdt@bookTicker","data":{');
  feed.server.send('btcusdt@bookTicker', BOOK);
  feed.server.send('btcusdt@aggTrade', TRADE);
  feed.server.send('btcusdt@kline_1m', { e: 'kline' });
  await until(() => received.length === 2 && s.stats.malformed === 2);
  expect(received.map((m) => m.kind)).toEqual(['book', 'trade']);
  expect(received[0]).toMatchObject({ bid: '95000.01', ask: '95000.02', updateId: 1 });
});

test('a connection the exchange drops is replaced, and the stream goes on', async () => {
  const s = follow();
  await until(() => s.connections === 1);
  feed.server.dropAll(1001);
  await feed.server.connections(2);
  await until(() => s.connections === 2);
  feed.server.send('btcusdt@bookTicker', { ...BOOK, u: 2 });
  await until(() => received.length === 1);
});

test('a frozen connection is closed and replaced', async () => {
  const s = follow(150);
  await until(() => s.connections === 1);
  // Nothing is sent: after 150 ms of silence the stream takes the connection for frozen.
  await feed.server.connections(2);
  await until(() => s.connections >= 2);
});

test('stop closes the connection and no reconnect follows', async () => {
  const s = follow();
  await until(() => s.connections === 1);
  s.stop();
  await until(() => feed.server.open() === 0);
  await new Promise((r) => setTimeout(r, 200));
  expect(feed.server.paths).toHaveLength(1);
});

test('retries wait longer each time, within the ceiling, jittered', () => {
  const backoff = { baseMs: 500, maxMs: 30_000 };
  expect([0, 1, 2, 3].map((a) => retryDelay(a, backoff, () => 0))).toEqual([250, 500, 1000, 2000]);
  expect(retryDelay(20, backoff, () => 1)).toBe(30_000);
  expect(retryDelay(20, backoff, () => 0)).toBe(15_000);
});
