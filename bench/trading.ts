/**
 * Benchmark: the trading trigger engine's latency from a tick to the settled journal entry, beside
 * the latency of one bare ledger entry on the same database in the same run (docs/trading.md).
 *
 * For each database (PGlite in memory, as the product runs by default; PostgreSQL when
 * BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres answers, in a fresh database
 * dropped at the end): migrate, seed the demo configuration, fund BENCH_USERS users, open
 * BENCH_POSITIONS market positions at the minimum lot over every tradable instrument, each with a
 * stop loss and a take profit 0.2 % to 2 % away. Then 10 ticks per second for every instrument (a
 * seeded random walk) for BENCH_SECONDS, while the engine runs as the product runs it (under its
 * advisory lock, `runTriggersOnce`) once per new tick, coalescing ticks it was too busy to see.
 *
 * Latency of one order = the moment its entry committed - the first tick at which the shared MT5
 * rules (protocol/trading.ts) say it is due (stop loss, take profit or stop-out). Orders due at a
 * tick but no longer due when the engine looked (the price came back) are counted apart. The bare
 * entry is a transfer between two users through `postEntry`, BARE_ENTRIES times one after another.
 *
 *   node bench/trading.ts
 *   BENCH_SECONDS=20 BENCH_POSITIONS=2000 node bench/trading.ts
 *   BENCH_POSITIONS=10000 BENCH_TARGETS=postgres node bench/trading.ts
 *   BENCH_ANALYZE=1 node bench/trading.ts      # ANALYZE after placing: fresh statistics
 *
 * Exit code 1 when an entry fails or the books do not audit clean afterwards; timings never fail it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { writeSummary } from './lib/report.ts';
import { measure, percentile, type Result } from './trading-measure.ts';
import { report, triggerGoal } from './trading-report.ts';
import { log, settings, TICKS_PER_SECOND } from './trading-settings.ts';

async function pgliteResult(): Promise<Result> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  try {
    return await measure('pglite', database);
  } finally {
    await database.close();
  }
}

async function postgresResult(): Promise<Result | null> {
  const admin = new pg.Client({ connectionString: settings.adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch {
    log('PostgreSQL does not answer: PGlite only');
    return null;
  }
  const name = `meridian_bench_trading_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(settings.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  try {
    return await measure('postgres', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const results: Result[] = [];
if (settings.targets.has('pglite')) results.push(await pgliteResult());
const onPostgres = settings.targets.has('postgres') ? await postgresResult() : null;
if (onPostgres) results.push(onPostgres);
console.log(
  `Trigger latency, tick -> settled entry: ${settings.positions} positions with SL/TP, ${TICKS_PER_SECOND} ticks/s for every instrument, ${settings.seconds} s`,
);
console.log(report(results));
writeSummary(
  results.map((r) => {
    const p99 = percentile(r.settled, 99);
    const bare = percentile(r.bare, 99);
    const goal = triggerGoal(r.target, r.positions);
    return {
      figure: `trigger latency tick -> entry p99, ${r.target}, ${r.positions} positions`,
      value: p99,
      unit: 'ms',
      anchor: bare,
      anchorName: 'bare ledger entry p99',
      ratio: p99 / bare,
      goal: goal === null ? 'none at this size (docs/trading.md)' : `<= ${goal} ms (docs/trading.md)`,
      met: goal === null || p99 <= goal,
      note: '',
    };
  }),
);
process.exitCode = results.every((r) => r.auditOk && r.failures === 0) ? 0 : 1;
