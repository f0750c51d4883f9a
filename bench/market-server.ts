import { count } from 'drizzle-orm';
import { envInteger } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { SECOND } from '../server/modules/markets/durations.ts';
import { MarketEngine } from '../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../server/modules/markets/instruments.ts';
import { candles1d, candles1m } from '../server/modules/markets/markets.schema.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { buildBenchApp } from './lib/app.ts';
import { stopOnSignals } from './lib/process.ts';

const HOST = '127.0.0.1';
/** The engine's clock: Wednesday 2026-11-18 18:30:20 UTC, 13:30 in New York; every demo market is open. */
const BENCH_NOW = Date.UTC(2026, 10, 18, 18, 30, 20);
const STOP_TIMEOUT_MS = 3_000;

/**
 * Wall-clock milliseconds with sub-millisecond resolution, comparable between the two processes
 * (bench/market.ts has the same function; it may import types from this file, never values).
 */
function clock(): number {
  return performance.timeOrigin + performance.now();
}

export type ParentMessage =
  | { type: 'publish'; seq: number }
  | { type: 'subscribers' }
  | { type: 'clock'; id: number };

export type ChildMessage =
  | {
      type: 'ready';
      port: number;
      /** The engine's fixed clock. */
      now: number;
      instruments: number;
      minuteRows: number;
      dailyRows: number;
      syncMs: number;
    }
  /** A tick published: its time (the SSE `id`), and the child's clock just before and after. */
  | { type: 'published'; seq: number; at: number; publishedAt: number; returnedAt: number }
  | { type: 'subscribers'; count: number }
  | { type: 'clock'; id: number; now: number };

function isParentMessage(value: unknown): value is ParentMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; seq?: unknown; id?: unknown };
  switch (message.type) {
    case 'publish':
      return typeof message.seq === 'number';
    case 'subscribers':
      return true;
    case 'clock':
      return typeof message.id === 'number';
    default:
      return false;
  }
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function rowCount(database: Database, table: typeof candles1m | typeof candles1d): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('bench/market-server.ts runs as a child of bench/market.ts (IPC)');
  const minuteDays = envInteger(process.env, 'BENCH_MINUTE_DAYS', 6, 1, 90);
  const dailyDays = envInteger(process.env, 'BENCH_DAILY_DAYS', 3650, 1, 30 * 365);

  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database);
  const engine = new MarketEngine({
    database,
    source: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'bench' }),
    now: () => BENCH_NOW,
    minuteBackfillDays: minuteDays,
    dailyBackfillDays: dailyDays,
    // As a server's first start: 500 closed candles of every rolled-up interval.
    rollupBackfillCandles: 500,
  });
  const syncStart = performance.now();
  await engine.syncCandles(BENCH_NOW);
  const syncMs = performance.now() - syncStart;
  // The sync leaves a large heap of garbage behind: collect it now rather than during the first
  // measured requests (the parent starts this process with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();

  const app = await buildBenchApp(database, { markets: engine });
  await app.listen({ port: 0, host: HOST });

  // Tick times count whole seconds on from the engine's clock: each tick has its own SSE id.
  const tickBase = Math.floor(BENCH_NOW / SECOND) * SECOND;
  process.on('message', (message: unknown) => {
    if (!isParentMessage(message)) return;
    switch (message.type) {
      case 'publish': {
        const at = tickBase + message.seq * SECOND;
        const publishedAt = clock();
        engine.publishTicks(at).then(
          () => send({ type: 'published', seq: message.seq, at, publishedAt, returnedAt: clock() }),
          (error: unknown) => {
            process.stderr.write(`publishing tick ${message.seq} failed: ${String(error)}\n`);
            process.exit(1);
          },
        );
        break;
      }
      case 'subscribers':
        send({ type: 'subscribers', count: engine.hub.subscribers });
        break;
      case 'clock':
        send({ type: 'clock', id: message.id, now: clock() });
        break;
    }
  });

  // Open streams keep app.close() waiting: the parent closes them first, this is the backstop.
  stopOnSignals(async () => {
    await engine.stop();
    await app.close();
    await database.close();
  }, STOP_TIMEOUT_MS);

  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no TCP address');
  send({
    type: 'ready',
    port: address.port,
    now: BENCH_NOW,
    instruments: (await engine.instruments()).length,
    minuteRows: await rowCount(database, candles1m),
    dailyRows: await rowCount(database, candles1d),
    syncMs,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench market server could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
