/**
 * A live feed through whole server processes, against a local server speaking the exchange's
 * documented WebSocket protocol (docs/markets.md, "Live feeds"): every upstream change reaches the
 * stream's clients as it comes, not with the next second's quotes, on the embedded database and
 * across two processes on PostgreSQL; there one process alone holds the upstream connection, and
 * when it dies the other connects in its place and its clients go on.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { postgresAvailable } from '../helpers/databases.ts';
import { type ExchangeFixture, startExchangeFixture } from '../helpers/fixture-exchange.ts';
import { useServerPair } from '../helpers/server-pair.ts';
import {
  adminCli,
  exited,
  pgliteTarget,
  type ServerProcess,
  type ServerTarget,
  startServer,
} from '../helpers/server-process.ts';
import { readTicks } from '../helpers/tick-stream.ts';
import { until } from '../helpers/until.ts';

let exchange: ExchangeFixture;
beforeAll(async () => {
  exchange = await startExchangeFixture();
});
afterAll(() => exchange?.close());

/** The target's database set up as an operator would before switching to live prices. */
async function liveEnv(target: ServerTarget): Promise<Record<string, string>> {
  const database = await openDatabase({
    databaseUrl: target.env.DATABASE_URL || null,
    // Where the server keeps its embedded database (server/runtime.ts).
    pgliteDir: target.env.DATABASE_URL ? null : path.join(target.env.DATA_DIR ?? '', 'pglite'),
  });
  await database.migrate();
  await seedDemo(database);
  await database.close();
  const reason = ['--reason', 'live feed test'];
  await adminCli(
    target.env,
    'config',
    'feed',
    'BTCUSDT',
    '--feed',
    'binance:BTCUSDT',
    '--stale-seconds',
    '30',
    ...reason,
  );
  return {
    ...target.env,
    LOG_LEVEL: 'info',
    MARKET_FEED: 'live',
    FEED_BINANCE_STREAM: exchange.base,
    FEED_BINANCE_REST: exchange.rest,
  };
}

let updateId = 0;
/** Sends `bids` as book tickers, each in a turn of its own 50 ms after the one before. */
async function sendBooks(bids: readonly string[]): Promise<void> {
  for (const bid of bids) {
    exchange.send('btcusdt@bookTicker', {
      u: ++updateId,
      s: 'BTCUSDT',
      b: bid,
      B: '1.5',
      a: (Number(bid) + 1).toFixed(2),
      A: '2',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The BTCUSDT bids a stream carried, in order, without repeats of the same quote. */
function bidsOf(events: readonly { data: string }[]): string[] {
  const bids = events
    .map((e) => JSON.parse(e.data) as { symbol: string; bid: string })
    .filter((q) => q.symbol === 'BTCUSDT');
  return bids.map((q) => q.bid).filter((bid, i, all) => i === 0 || all[i - 1] !== bid);
}

/** Five bids a stream can only show all of if every change is sent on as it comes. */
function freshBids(base: number): string[] {
  return Array.from({ length: 5 }, (_, i) => (base + i * 10 + 0.25).toFixed(2));
}

const trim = (bid: string) => bid.replace(/0+$/, '').replace(/\.$/, '');

describe('a live feed on the embedded database', () => {
  let server: ServerProcess | undefined;
  const target = pgliteTarget();
  beforeAll(async () => {
    server = await startServer(await liveEnv(target));
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    if (server) await exited(server.child);
    await target.cleanup();
  });

  test('every change of the upstream reaches the stream as it comes, each in its order', async () => {
    if (!server) throw new Error('no server');
    await until(() => exchange.open() === 1, 20_000);
    const bids = freshBids(91_000);
    const reading = readTicks(server.url, ['BTCUSDT'], 2_500);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sendBooks(bids);
    const seen = bidsOf(await reading);
    // Five changes within 250 ms: a stream fed once a second would carry one or two of them.
    expect(seen.filter((bid) => bids.map(trim).includes(bid))).toEqual(bids.map(trim));
    server.child.kill('SIGKILL');
    await exited(server.child);
    await until(() => exchange.open() === 0, 10_000);
  }, 60_000);
});

describe.skipIf(!postgresAvailable)('a live feed on two processes on one PostgreSQL', () => {
  const pair = useServerPair(liveEnv);

  test('one process holds the upstream connection; clients of both follow every change', async () => {
    const before = exchange.paths.length;
    await until(() => exchange.open() === 1, 20_000);
    // The other process has had its chances to be elected (every 5 s) and holds no connection.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(exchange.open()).toBe(1);
    expect(exchange.paths.length - before).toBeLessThanOrEqual(1);
    const bids = freshBids(92_000);
    const readings = pair.servers.map((s) => readTicks(s.url, ['BTCUSDT'], 2_500));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sendBooks(bids);
    for (const events of await Promise.all(readings))
      expect(bidsOf(events).filter((bid) => bids.map(trim).includes(bid))).toEqual(bids.map(trim));
  }, 60_000);

  test('the process holding the feed is killed: the other connects in its place and its clients go on', async () => {
    const producer = pair.servers.find((s) => s.output().includes('this process writes candles'));
    const survivor = pair.servers.find((s) => s !== producer);
    if (!producer || !survivor) throw new Error('no producer found');
    const connections = exchange.paths.length;
    producer.child.kill('SIGKILL');
    await exited(producer.child);
    await until(() => exchange.open() === 1 && exchange.paths.length === connections + 1, 15_000);
    const bids = freshBids(93_000);
    const reading = readTicks(survivor.url, ['BTCUSDT'], 2_500);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sendBooks(bids);
    expect(bidsOf(await reading).filter((bid) => bids.map(trim).includes(bid))).toEqual(bids.map(trim));
    expect(survivor.output()).toContain('this process writes candles');
  }, 60_000);
});
