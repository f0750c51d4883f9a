/**
 * bench/live-feed.ts's server: a child process with the real app and market engine over a live
 * source of `BENCH_LIVE_INSTRUMENTS` crypto instruments, each bound to the fixture exchange whose
 * stream and REST bases the parent gives (`BENCH_LIVE_STREAM`, `BENCH_LIVE_REST`). The engine is
 * started as a server starts it, so this process is the market producer: it holds the one upstream
 * connection and sends every quote on to its stream clients as it comes.
 *
 * Messages to the parent (IPC): `{type:'ready', port}` once it listens, `{type:'subscribers',
 * count}` when asked.
 */
import type { Instrument } from '../protocol/markets.ts';
import { envInteger } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { MarketEngine } from '../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../server/modules/markets/instruments.ts';
import type { LiveBinding } from '../server/modules/markets/live/feed-binding.ts';
import { LiveSource } from '../server/modules/markets/live/live-source.ts';
import { upsertInstrument } from '../server/modules/markets/markets.repository.ts';
import { buildBenchApp } from './lib/app.ts';
import { stopOnSignals } from './lib/process.ts';
import { liveSymbol } from './live-feed-settings.ts';

const btc = DEMO_INSTRUMENTS.find((i) => i.symbol === 'BTCUSDT');
if (!btc) throw new Error('the demo set has no BTCUSDT');
/** Around the clock, as a crypto market trades. */
const always = btc.hours;

async function main(): Promise<void> {
  if (!process.send) throw new Error('bench/live-feed-server.ts runs as a child of bench/live-feed.ts (IPC)');
  const count = envInteger(process.env, 'BENCH_LIVE_INSTRUMENTS', 200, 1, 1000);
  const streamBase = process.env.BENCH_LIVE_STREAM ?? '';
  const restBase = process.env.BENCH_LIVE_REST ?? '';
  const instruments: Instrument[] = Array.from({ length: count }, (_, i) => ({
    symbol: liveSymbol(i),
    name: `Bench coin ${i}`,
    category: 'crypto',
    popular: false,
    precision: 2,
    spread: '0.01',
    hours: always,
  }));
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  for (const [sort, instrument] of instruments.entries())
    await upsertInstrument(database.db, instrument, sort);
  // A jump limit no bench price reaches, and a staleness limit no pause of the run does.
  const rules = { markup: '0', staleAfterMs: 60_000, maxJumpPercent: '50' };
  const bindings = new Map<string, LiveBinding>(
    instruments.map((i) => [i.symbol, { feed: { kind: 'binance', remote: i.symbol }, ...rules }]),
  );
  const source = new LiveSource({
    instruments,
    bindings,
    fallback: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'bench' }),
    binance: { streamBase, restBase },
    pyth: { base: 'http://127.0.0.1:1', apiKey: null },
  });
  const engine = new MarketEngine({ database, source, minuteBackfillDays: 0, dailyBackfillDays: 1 });
  const app = await buildBenchApp(database, { markets: engine });
  await engine.start({
    info: (msg) => process.stderr.write(`live-feed server: ${msg}\n`),
    error: (obj, msg) => process.stderr.write(`live-feed server: ${msg} ${String(obj)}\n`),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });

  process.on('message', (message: unknown) => {
    if ((message as { type?: unknown }).type === 'subscribers')
      process.send?.({ type: 'subscribers', count: engine.hub.subscribers });
  });
  stopOnSignals(async () => {
    await engine.stop();
    await app.close();
    await database.close();
  }, 3_000);
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('server has no TCP address');
  process.send({ type: 'ready', port: address.port });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench live-feed server could not start: ${(error as Error).stack ?? String(error)}\n`,
  );
  process.exit(1);
});
