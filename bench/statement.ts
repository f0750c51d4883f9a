/**
 * Statements at 100,000 records (issue #21): one user's records streamed as CSV over HTTP by the
 * real app on PGlite in memory, read by a client that keeps nothing, beside reading the same rows
 * in the same batches without writing CSV (the anchor), in the same run. Memory is the peak of the
 * JavaScript heap above where it stood before, sampled every 10 ms: flat means the 100,000-record
 * statement peaks about where a 10,000-record one does. The CSV's row count is checked: a wrong
 * count exits 1.
 *
 *   node --expose-gc bench/statement.ts
 *   BENCH_RECORDS=20000 node --expose-gc bench/statement.ts
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { generatePrivateKey } from 'viem/accounts';
import { codePath } from '../protocol/envelope.ts';
import { openDatabase } from '../server/db/client.ts';
import { statementRows } from '../server/modules/statements/statement.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { FORM_HEADERS } from '../tests/helpers/app.ts';
import { signIn } from '../tests/helpers/login.ts';
import { buildBenchApp } from './lib/app.ts';
import { measured } from './lib/measured.ts';
import { formatRatio, integerFormat, writeSummary } from './lib/report.ts';

const RECORDS = Number(process.env.BENCH_RECORDS || 100_000);
const DAY = 86_400_000;
const SPAN_DAYS = 300;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
await database.migrate();
await seedDemo(database);
const app = await buildBenchApp(database);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const signed = await signIn(app, generatePrivateKey());
const owner = signed.account.address.toLowerCase();

// RECORDS deposits over the last SPAN_DAYS days, each a balanced entry: the user's available USDT
// up, deposits clearing down.
process.stdout.write(`setting up ${integerFormat.format(RECORDS)} records...\n`);
const now = Date.now();
await database.db.execute(sql`
  insert into ledger_accounts (owner, coin, bucket, kind, balance) values
    (${owner}, 'USDT', 'available', 'user', 0),
    ('system', 'USDT', 'deposits_clearing', 'clearing', 0)
  on conflict (owner, coin, bucket) do nothing`);
await database.db.execute(sql`
  insert into journal_entries (type, idempotency_key, reference, created_at)
  select 'deposit', 'bench:statement:' || g, 'bench', to_timestamp((${now} - ${SPAN_DAYS * DAY}::bigint * (${RECORDS} - g) / ${RECORDS}) / 1000.0)
  from generate_series(1, ${RECORDS}) g`);
await database.db.execute(sql`
  insert into postings (entry_id, account_id, coin, amount)
  select e.id, a.id, 'USDT', case when a.kind = 'user' then 1 else -1 end * (1 + (e.id % 997) / 1000.0)
  from journal_entries e
  cross join ledger_accounts a
  where e.idempotency_key like 'bench:statement:%'
    and ((a.owner = ${owner} and a.bucket = 'available' and a.coin = 'USDT')
      or (a.owner = 'system' and a.bucket = 'deposits_clearing' and a.coin = 'USDT'))`);
await database.db.execute(sql`
  update ledger_accounts a set balance = (select coalesce(sum(amount), 0) from postings p where p.account_id = a.id)
  where a.coin = 'USDT' and (a.owner = ${owner} or a.bucket = 'deposits_clearing')`);

const everything = { from: now - (SPAN_DAYS + 1) * DAY, to: now + DAY };
const tenth = { from: now - (SPAN_DAYS / 10) * DAY, to: now + DAY };

/** Streams the statement over HTTP and counts its lines, keeping no chunk. */
async function download(range: { from: number; to: number }): Promise<{ lines: number; bytes: number }> {
  const response = await fetch(`${base}${codePath('10095')}`, {
    method: 'POST',
    headers: { ...FORM_HEADERS, cookie: signed.cookieHeader, 'accept-encoding': 'identity' },
    body: new URLSearchParams({ from: String(range.from), to: String(range.to) }).toString(),
  });
  if (!response.ok || !response.body) throw new Error(`statement answered ${response.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { lines, bytes };
}

/** The anchor: the same rows in the same batches, read and dropped. */
async function readRows(range: { from: number; to: number }): Promise<number> {
  let rows = 0;
  for await (const batch of statementRows(database.db, owner, range)) rows += batch.length;
  return rows;
}

// A first pass of each warms the query plans and the JIT.
await readRows(tenth);
await download(tenth);
const anchor = await measured(() => readRows(everything), 'heapUsed', 10);
const small = await measured(() => download(tenth), 'heapUsed', 10);
const full = await measured(() => download(everything), 'heapUsed', 10);
await app.close();
await database.close();

const dataRows = full.result.lines - 1;
const ok = dataRows === RECORDS && anchor.result === RECORDS;
const ratio = full.ms / anchor.ms;
process.stdout.write(
  `${[
    `statement of ${integerFormat.format(dataRows)} records: ${integerFormat.format(full.ms)} ms, ${mb(full.result.bytes)} of CSV, heap peak +${mb(full.peakBytes)}`,
    `anchor, the same rows read without CSV: ${integerFormat.format(anchor.ms)} ms, heap peak +${mb(anchor.peakBytes)}`,
    `a tenth of the range (${integerFormat.format(small.result.lines - 1)} records): heap peak +${mb(small.peakBytes)}`,
    `time ${formatRatio(ratio)}x the anchor; heap peak ${formatRatio(full.peakBytes / Math.max(1, small.peakBytes))}x that of a tenth of the records`,
    ok
      ? 'row count checked'
      : `WRONG: ${dataRows} CSV rows and ${anchor.result} rows read, ${RECORDS} expected`,
  ].join('\n')}\n`,
);
writeSummary([
  {
    figure: `statement CSV, ${integerFormat.format(RECORDS)} records`,
    value: full.ms,
    unit: 'ms',
    anchor: anchor.ms,
    anchorName: 'same rows, no CSV',
    ratio,
    goal: 'flat memory (issue #21)',
    // Flat: ten times the records may not take more than twice the heap of a tenth of them.
    met: ok && full.peakBytes <= 2 * Math.max(small.peakBytes, 8 * 1024 * 1024),
    note: `heap peak +${mb(full.peakBytes)} (a tenth: +${mb(small.peakBytes)}; rows without CSV: +${mb(anchor.peakBytes)})`,
  },
]);
process.exitCode = ok ? 0 : 1;
