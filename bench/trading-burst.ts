/**
 * Benchmark: one burst of the trigger engine's closes, settled the way the engine settles it
 * (`settleEachIfUnchanged`: the rows locked, then one statement that closes them and posts every
 * entry with one `ledger_post_many` call) beside the way it did before issue #41 (the same
 * transaction, but the accounts locked with `ledger_lock` and each entry posted by its own
 * `ledger_post`, about eight statements per entry), alternating on the same database so that a
 * busy machine slows both alike. bench/trading.ts measures the latency a user sees; this isolates
 * the part of it that grows with the burst.
 *
 *   node bench/trading-burst.ts
 *   BENCH_BURSTS=30,300 BENCH_REPEATS=5 BENCH_TARGETS=postgres node bench/trading-burst.ts
 *
 * Prints the median and the fastest time per burst size, per way and database, and how much of the
 * bulk way runs in Node (each close's settlement and entry, and the statement's JSON).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dec, fmt } from '../protocol/money.ts';
import { type Tick, usdtPerUnit } from '../protocol/trading.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { credit, postEntry } from '../server/ledger/ledger.ts';
import { placeOrder } from '../server/modules/trading/trading.orders.ts';
import { orders, tradingRules } from '../server/modules/trading/trading.schema.ts';
import {
  closeBatch,
  closeUnchanged,
  type DueClose,
  type OrderRow,
  settleEachIfUnchanged,
} from '../server/modules/trading/trading.settlement.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { adminQuery } from './lib/postgres-admin.ts';
import { median, table } from './lib/report.ts';
import { Market } from './trading-market.ts';
import { log, settings, wallet } from './trading-settings.ts';

const bursts = (process.env.BENCH_BURSTS || '30,300').split(',').map(Number);
const repeats = Number(process.env.BENCH_REPEATS || 5);

/**
 * The engine's batch before issue #41 (commit cb947dc): the same guarded close, its entries'
 * accounts locked first, then each entry posted by its own `ledger_post`.
 */
async function settlePerEntry(database: Database, closes: DueClose[], at: Date): Promise<void> {
  const batch = closeBatch(closes);
  const accounts = new Map<string, { owner: string; coin: string; bucket: string }>();
  for (const { entry } of batch)
    for (const { account, coin } of entry.postings)
      accounts.set(`${account.owner} ${coin} ${account.bucket}`, {
        owner: account.owner,
        coin,
        bucket: account.bucket,
      });
  await database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ${orders} where id in (${sql.join(
        batch.map((close) => sql`${close.id}`),
        sql`, `,
      )}) order by id for update`,
    );
    await tx.execute(sql`select ledger_lock(${JSON.stringify([...accounts.values()])}::jsonb)`);
    await tx.execute(
      sql`with changed as (${closeUnchanged(batch, at)}) select id, ledger_post(entry) from changed order by id`,
    );
  });
}

async function measure(target: string, database: Database): Promise<string[][]> {
  await database.migrate();
  await seedDemo(database);
  const db = database.db;
  const market = new Market();
  const rules = (await db.select().from(tradingRules)).filter((r) => market.tick(r.symbol));
  const users = Math.min(settings.users, 100);
  for (let n = 0; n < users; n += 1)
    await postEntry(db, {
      type: 'deposit',
      idempotencyKey: `burst:deposit:${n}`,
      reference: 'bench:trading-burst',
      postings: credit(wallet(n), 'deposits_clearing', 'USDT', '10000000'),
    });
  // Every burst's closes, and the rows of the largest again for timing the Node part alone.
  const needed = bursts.reduce((sum, b) => sum + b, 0) * repeats * 2 + Math.max(...bursts);
  for (let n = 0; n < needed; n += 1) {
    const rule = rules[n % rules.length];
    if (!rule) throw new Error('no tradable instrument');
    await db.transaction((tx) =>
      placeOrder(
        tx,
        market.prices,
        wallet(n % users),
        {
          symbol: rule.symbol,
          side: n % 2 === 0 ? 'buy' : 'sell',
          kind: 'market',
          lots: fmt(dec(rule.minLots)),
          price: null,
          stopLoss: null,
          takeProfit: null,
          requestId: randomUUID(),
        },
        Date.now(),
      ),
    );
  }
  log(`${target}: ${needed} positions`);
  market.step();
  const open: OrderRow[] = await db.select().from(orders).orderBy(orders.id);
  const due = (row: OrderRow): DueClose => ({
    row,
    tick: market.tick(row.symbol) as Tick,
    rate: usdtPerUnit(row.quoteCurrency, market.prices) as string,
    action: 'stop_loss',
  });
  const rows: string[][] = [];
  for (const size of bursts) {
    const times = { bulk: [] as number[], perEntry: [] as number[] };
    for (let r = 0; r < repeats; r += 1) {
      for (const way of r % 2 === 0 ? (['bulk', 'perEntry'] as const) : (['perEntry', 'bulk'] as const)) {
        const burst = open.splice(0, size).map(due);
        const started = performance.now();
        if (way === 'bulk') await settleEachIfUnchanged(db, burst, new Date());
        else await settlePerEntry(database, burst, new Date());
        times[way].push(performance.now() - started);
      }
    }
    // The part of the bulk way that runs in Node: each close's settlement and its entry, and the
    // statement's JSON (closeBatch and closeUnchanged), on rows of the same kind, 20 times.
    const sample = open.slice(0, size).map(due);
    const built: number[] = [];
    for (let r = 0; r < 20; r += 1) {
      const started = performance.now();
      closeUnchanged(closeBatch(sample), new Date());
      built.push(performance.now() - started);
    }
    const ms = (values: number[]) => `${median(values).toFixed(1)} (${Math.min(...values).toFixed(1)})`;
    rows.push([
      target,
      String(size),
      ms(times.perEntry),
      ms(times.bulk),
      (median(times.perEntry) / median(times.bulk)).toFixed(1),
      ms(built),
    ]);
  }
  return rows;
}

const rows = [
  [
    'database',
    'burst',
    'per entry ms, median (fastest)',
    'bulk ms, median (fastest)',
    'speed-up',
    'of it in Node ms',
  ],
];
if (settings.targets.has('pglite')) {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  try {
    rows.push(...(await measure('pglite', database)));
  } finally {
    await database.close();
  }
}
if (settings.targets.has('postgres')) {
  const name = `meridian_bench_burst_${randomBytes(4).toString('hex')}`;
  await adminQuery(settings.adminUrl, `create database ${name}`);
  const url = new URL(settings.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  try {
    rows.push(...(await measure('postgres', database)));
  } finally {
    await database.close();
    await adminQuery(settings.adminUrl, `drop database if exists ${name} with (force)`);
  }
}
console.log(`One burst of closes settled, ${repeats} times each way, alternating`);
console.log(table(rows, new Set([1, 2, 3, 4, 5])));
