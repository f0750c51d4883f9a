/** bench/trading.ts: one database's run: positions opened, ticks published, trigger latency and the bare entry measured. */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dec, fmt } from '../protocol/money.ts';
import { exitTriggered, floatingProfit, type Side, type Tick, usdtPerUnit } from '../protocol/trading.ts';
import type { Database } from '../server/db/client.ts';
import { underAdvisoryLock } from '../server/jobs/periodic-job.ts';
import { auditLedger } from '../server/ledger/audit.ts';
import { credit, postEntry, transfer, userAccount } from '../server/ledger/ledger.ts';
import { DEMO_INSTRUMENTS } from '../server/modules/markets/instruments.ts';
import { TRADING_LOCK_KEY } from '../server/modules/trading/trading.job.ts';
import { placeOrder } from '../server/modules/trading/trading.orders.ts';
import { tradingRules } from '../server/modules/trading/trading.schema.ts';
import { runTriggersOnce, TRIGGER_SETTINGS } from '../server/modules/trading/trading.triggers.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { Market } from './trading-market.ts';
import { BARE_ENTRIES, log, random, settings, TICKS_PER_SECOND, wallet } from './trading-settings.ts';

export const percentile = (sorted: number[], p: number): number =>
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

export interface Result {
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

export async function measure(target: string, database: Database): Promise<Result> {
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

  // BENCH_ANALYZE=1: statistics as autovacuum leaves them after a while (fresh), instead of those of
  // a table that just grew by every position (stale): the engine's plans must hold with both.
  if (process.env.BENCH_ANALYZE === '1') await db.execute(sql`analyze`);
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
        ...TRIGGER_SETTINGS[database.kind],
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
