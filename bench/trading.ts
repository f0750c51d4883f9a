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
 *
 * Exit code 1 when an entry fails or the books do not audit clean afterwards; timings never fail it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { exitTriggered, floatingProfit, type Side, type Tick, usdtPerUnit } from '../protocol/trading.ts';
import { envInteger } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { underAdvisoryLock } from '../server/jobs/periodic-job.ts';
import { auditLedger } from '../server/ledger/audit.ts';
import { credit, postEntry, transfer, userAccount } from '../server/ledger/ledger.ts';
import { dec, fmt } from '../server/ledger/money.ts';
import { createSimulatedSource } from '../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../server/modules/markets/instruments.ts';
import { TRADING_LOCK_KEY } from '../server/modules/trading/trading.job.ts';
import { placeOrder } from '../server/modules/trading/trading.orders.ts';
import { tradingRules } from '../server/modules/trading/trading.schema.ts';
import type { Prices } from '../server/modules/trading/trading.settlement.ts';
import { runTriggersOnce, TRIGGER_CONCURRENCY } from '../server/modules/trading/trading.triggers.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { formatRatio, table, writeSummary } from './lib/report.ts';

const TICKS_PER_SECOND = 10;
const BARE_ENTRIES = 300;
/** Per tick, each price moves by a normal step of this relative size (about 1 % over 10 s). */
const STEP = 0.001;

const settings = {
  seconds: envInteger(process.env, 'BENCH_SECONDS', 10, 1, 3600),
  positions: envInteger(process.env, 'BENCH_POSITIONS', 1000, 1, 100_000),
  users: envInteger(process.env, 'BENCH_USERS', 100, 1, 10_000),
  adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
};

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
const wallet = (n: number): string => `0x${(n + 1).toString(16).padStart(40, 'b')}`;

/** A seeded generator, so two runs walk the same prices. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Every demo instrument's bid and ask, walked one tick at a time. */
class Market {
  readonly #next = random(7);
  readonly #mid = new Map<string, number>();
  readonly #spread = new Map<string, number>();
  readonly #precision = new Map<string, number>();
  #ticks = new Map<string, Tick>();

  constructor() {
    const source = createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'bench' });
    const now = Date.now();
    for (const i of DEMO_INSTRUMENTS) {
      const q = source.tickAt(i.symbol, now);
      this.#mid.set(i.symbol, (Number(q.bid) + Number(q.ask)) / 2);
      this.#spread.set(i.symbol, Number(q.ask) - Number(q.bid));
      this.#precision.set(i.symbol, i.precision);
    }
    this.#publish();
  }

  step(): void {
    for (const [symbol, mid] of this.#mid) {
      // Box-Muller: a normal step.
      const z = Math.sqrt(-2 * Math.log(1 - this.#next())) * Math.cos(2 * Math.PI * this.#next());
      this.#mid.set(symbol, mid * (1 + STEP * z));
    }
    this.#publish();
  }

  #publish(): void {
    const ticks = new Map<string, Tick>();
    for (const [symbol, mid] of this.#mid) {
      const digits = this.#precision.get(symbol) ?? 2;
      const half = (this.#spread.get(symbol) ?? 0) / 2;
      ticks.set(symbol, { bid: (mid - half).toFixed(digits), ask: (mid + half).toFixed(digits) });
    }
    this.#ticks = ticks;
  }

  tick(symbol: string): Tick | undefined {
    return this.#ticks.get(symbol);
  }

  /** Every instrument's tick as of now: each step publishes a new map, so this one never changes. */
  snapshot(): ReadonlyMap<string, Tick> {
    return this.#ticks;
  }

  precision(symbol: string): number {
    return this.#precision.get(symbol) ?? 2;
  }

  /** The product's view: every market open, at the latest tick. */
  readonly prices: Prices = (symbol) => {
    const tick = this.#ticks.get(symbol);
    return tick ? { ...tick, open: true } : undefined;
  };
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);

interface Watched {
  side: Side;
  symbol: string;
  quote: string;
  contractSize: string;
  openPrice: string;
  lots: string;
  margin: string;
  stopLoss: string;
  takeProfit: string;
}

interface Result {
  target: string;
  positions: number;
  instruments: number;
  ticks: number;
  runs: number;
  settled: number[];
  retreated: number;
  dueAtEnd: number;
  bare: number[];
  failures: number;
  auditOk: boolean;
  /** The bench's check of which positions a tick made due, per tick, done after the run. */
  tickWork: number[];
  /** Each engine run, lock to lock. */
  engineRuns: number[];
}

async function measure(target: string, database: Database): Promise<Result> {
  await database.migrate();
  await seedDemo(database);
  const db = database.db;
  const runId = randomBytes(4).toString('hex');
  const market = new Market();
  const rules = (await db.select().from(tradingRules)).filter((r) => market.tick(r.symbol));
  const next = random(11);

  for (let n = 0; n < settings.users; n += 1)
    await postEntry(db, {
      type: 'deposit',
      idempotencyKey: `bench:${runId}:deposit:${n}`,
      reference: 'bench:trading',
      postings: credit(wallet(n), 'deposits_clearing', 'USDT', '10000000'),
    });

  // The positions, spread over users and instruments.
  const watched = new Map<number, Watched>();
  const placing = performance.now();
  for (let n = 0; n < settings.positions; n += 1) {
    const rule = rules[n % rules.length];
    if (!rule) throw new Error('no tradable instrument');
    const tick = market.tick(rule.symbol) as Tick;
    const side: Side = next() < 0.5 ? 'buy' : 'sell';
    const entry = Number(side === 'buy' ? tick.ask : tick.bid);
    const digits = market.precision(rule.symbol);
    const away = (f: number) => (entry * (1 + f)).toFixed(digits);
    const sl = 0.002 + next() * 0.018;
    const tp = 0.002 + next() * 0.018;
    const order = await db.transaction((tx) =>
      placeOrder(
        tx,
        market.prices,
        wallet(n % settings.users),
        {
          symbol: rule.symbol,
          side,
          kind: 'market',
          lots: fmt(dec(rule.minLots)),
          price: null,
          stopLoss: side === 'buy' ? away(-sl) : away(sl),
          takeProfit: side === 'buy' ? away(tp) : away(-tp),
          requestId: randomUUID(),
        },
        Date.now(),
      ),
    );
    watched.set(order.id, {
      side,
      symbol: rule.symbol,
      quote: rule.quoteCurrency,
      contractSize: fmt(dec(rule.contractSize)),
      openPrice: order.openPrice ?? '0',
      lots: order.lots,
      margin: order.margin,
      stopLoss: order.stopLoss ?? '0',
      takeProfit: order.takeProfit ?? '0',
    });
  }
  log(
    `${target}: ${watched.size} positions on ${rules.length} instruments in ${((performance.now() - placing) / 1000).toFixed(1)} s`,
  );

  // One bare ledger entry at a time: the floor any settlement stands on.
  const bare: number[] = [];
  for (let n = 0; n < BARE_ENTRIES; n += 1) {
    const started = performance.now();
    await postEntry(db, {
      type: 'system_adjustment',
      idempotencyKey: `bench:${runId}:bare:${n}`,
      reference: 'bench:trading',
      postings: transfer(
        userAccount(wallet(n % settings.users)),
        userAccount(wallet((n + 1) % settings.users)),
        'USDT',
        '1',
      ),
    });
    bare.push(performance.now() - started);
  }

  // Ticks, and the engine once per new tick. Each tick's prices are kept with its moment; which
  // positions each tick made due is worked out after the run (below), so that the benchmark's own
  // check (several milliseconds a tick for 1,000 positions) is not on the engine's thread, inside
  // the latency it measures.
  const settledAt = new Map<number, number>();
  const isDue = (w: Watched, ticks: ReadonlyMap<string, Tick>): boolean => {
    const tick = ticks.get(w.symbol) as Tick;
    if (exitTriggered(w.side, w, tick)) return true;
    return floatingProfit(
      w,
      w.contractSize,
      tick,
      usdtPerUnit(w.quote, (s) => ticks.get(s)),
    ).stopOut;
  };
  const tickLog: { at: number; ticks: ReadonlyMap<string, Tick> }[] = [];
  let tickSeq = 0;
  const runCost: number[] = [];
  let wake: (() => void) | undefined;
  let running = true;
  const onTick = () => {
    market.step();
    tickSeq += 1;
    tickLog.push({ at: performance.now(), ticks: market.snapshot() });
    wake?.();
  };
  const timer = setInterval(onTick, 1000 / TICKS_PER_SECOND);
  const stop = setTimeout(() => {
    running = false;
    wake?.();
  }, settings.seconds * 1000);
  let seen = 0;
  let runs = 0;
  let failures = 0;
  while (running) {
    if (seen === tickSeq) await new Promise<void>((resolve) => (wake = resolve));
    if (!running) break;
    seen = tickSeq;
    runs += 1;
    const runStart = performance.now();
    await underAdvisoryLock(database, TRADING_LOCK_KEY, () =>
      runTriggersOnce(db, market.prices, Date.now(), {
        onFailure: () => {
          failures += 1;
        },
        onSettled: (id) => settledAt.set(id, performance.now()),
        // As the product's trigger job runs on this kind of database.
        concurrency: TRIGGER_CONCURRENCY[database.kind],
      }),
    );
    runCost.push(performance.now() - runStart);
  }
  clearInterval(timer);
  clearTimeout(stop);

  // The first tick at which each position was due and not yet settled, tick by tick as it ran.
  const firstDue = new Map<number, number>();
  const tickCost: number[] = [];
  for (const { at, ticks } of tickLog) {
    const started = performance.now();
    for (const [id, w] of watched) {
      const done = settledAt.get(id);
      if (firstDue.has(id) || (done !== undefined && done < at)) continue;
      if (isDue(w, ticks)) firstDue.set(id, at);
    }
    tickCost.push(performance.now() - started);
  }
  const settled: number[] = [];
  let retreated = 0;
  let dueAtEnd = 0;
  for (const [id, due] of firstDue) {
    const done = settledAt.get(id);
    if (done !== undefined) settled.push(done - due);
    else if (isDue(watched.get(id) as Watched, market.snapshot())) dueAtEnd += 1;
    else retreated += 1;
  }
  const audit = await auditLedger(db);
  return {
    target,
    positions: watched.size,
    instruments: DEMO_INSTRUMENTS.length,
    ticks: tickSeq,
    runs,
    settled: settled.sort((a, b) => a - b),
    retreated,
    dueAtEnd,
    bare: bare.sort((a, b) => a - b),
    failures,
    auditOk: audit.ok,
    tickWork: tickCost.sort((a, b) => a - b),
    engineRuns: runCost.sort((a, b) => a - b),
  };
}

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

const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');

function report(results: Result[]): string {
  const rows = [
    [
      'database',
      'positions',
      'ticks',
      'engine runs',
      'settled',
      'p50 ms',
      'p99 ms',
      'max ms',
      'bare p50 ms',
      'bare p99 ms',
      'p99 / bare p99',
    ],
  ];
  for (const r of results) {
    const p99 = percentile(r.settled, 99);
    const bare99 = percentile(r.bare, 99);
    rows.push([
      r.target,
      String(r.positions),
      `${r.ticks} x ${r.instruments}`,
      String(r.runs),
      String(r.settled.length),
      ms(percentile(r.settled, 50)),
      ms(p99),
      ms(r.settled.at(-1) ?? Number.NaN),
      ms(percentile(r.bare, 50)),
      ms(bare99),
      formatRatio(p99 / bare99),
    ]);
  }
  const notes = results.map(
    (r) =>
      `${r.target}: ${r.retreated} due at a tick but not by the time the engine looked; ${r.dueAtEnd} still due at the end; ` +
      `${r.failures} failed; audit ${r.auditOk ? 'clean' : 'NOT CLEAN'}; goal p99 < 50 ms ${percentile(r.settled, 99) < 50 ? 'met' : 'not met'}\n` +
      `  engine run p50 ${ms(percentile(r.engineRuns, 50))} ms, p99 ${ms(percentile(r.engineRuns, 99))} ms; ` +
      `the bench's check of due positions p50 ${ms(percentile(r.tickWork, 50))} ms a tick (after the run, not inside the latency)`,
  );
  return `${table(rows, new Set([1, 3, 4, 5, 6, 7, 8, 9, 10]))}\n${notes.join('\n')}`;
}

const results = [await pgliteResult()];
const onPostgres = await postgresResult();
if (onPostgres) results.push(onPostgres);
console.log(
  `Trigger latency, tick -> settled entry: ${settings.positions} positions with SL/TP, ${TICKS_PER_SECOND} ticks/s for every instrument, ${settings.seconds} s`,
);
console.log(report(results));
writeSummary(
  results.map((r) => {
    const p99 = percentile(r.settled, 99);
    const bare = percentile(r.bare, 99);
    return {
      figure: `trigger latency tick -> entry p99, ${r.target}`,
      value: p99,
      unit: 'ms',
      anchor: bare,
      anchorName: 'bare ledger entry p99',
      ratio: p99 / bare,
      goal: '< 50 ms (docs/trading.md)',
      met: p99 < 50,
      note: '',
    };
  }),
);
process.exitCode = results.every((r) => r.auditOk && r.failures === 0) ? 0 : 1;
