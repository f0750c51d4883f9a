/**
 * The big book's measurements (bench/big-book.ts): the real app over one database, listening on
 * loopback, two signed-in users (the deep history and the young one), and the latency of each hot
 * read and money write over HTTP, one request at a time. Every answer is checked: a read must be
 * a success with data, a write a success; the first failure stops the run with its code.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { codePath, type Envelope, isSuccess } from '../protocol/envelope.ts';
import { runAdminCommand } from '../server/admin/runner.ts';
import { asFirstSetup } from '../server/admin/two-person.ts';
import type { Database } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';
import { MarketEngine } from '../server/modules/markets/engine.ts';
import { createSimulatedSource } from '../server/modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from '../server/modules/markets/instruments.ts';
import { FORM_HEADERS } from '../tests/helpers/app.ts';
import { depositArgs } from '../tests/helpers/deposit-args.ts';
import { signIn } from '../tests/helpers/login.ts';
import { buildBenchApp } from './lib/app.ts';

const DAY_MS = 86_400_000;
/** The statement's range: the year the history spans (STATEMENT_MAX_DAYS is 366). */
export const YEAR_RANGE = () => {
  // One reading of the clock: two could put the range a millisecond past STATEMENT_MAX_DAYS.
  const now = Date.now();
  return { from: now - 365 * DAY_MS, to: now + DAY_MS };
};

export type Who = 'deep' | 'young';

export interface Target {
  app: FastifyInstance;
  base: string;
  cookies: Record<Who, string>;
  ids: { stakePlan: number; machine: Record<Who, number>; offering: number };
}

/** Runs an operator command on the database as `admin … --reason bench`; a refusal stops the run. */
async function admin(database: Database, ...argv: string[]): Promise<void> {
  const result = await runAdminCommand(
    { argv: asFirstSetup([...argv, '--reason', 'bench']), actor: 'bench' },
    { database, via: 'direct' },
  );
  if (!result.ok) throw new Error(`admin ${argv.join(' ')} refused: ${result.text}`);
}

async function idOf(database: Database, text: string): Promise<number> {
  const [row] = rowsOf<{ id: string }>(await database.db.execute(sql.raw(text)));
  if (!row) throw new Error(`nothing for ${text}`);
  return Number(row.id);
}

/**
 * The app over `database`, listening, with both users signed in and funded for the writes, and
 * the operator's part done the same way on every database: the pools topped up, and an IDO
 * offering open with room for a few hundred one-share subscriptions per user.
 */
export async function openTarget(
  database: Database,
  keys: Record<Who, Hex>,
  writes: number,
): Promise<Target> {
  const markets = new MarketEngine({
    database,
    source: createSimulatedSource(DEMO_INSTRUMENTS, { seed: 'bench' }),
  });
  const app = await buildBenchApp(database, { markets });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const cookies = {} as Record<Who, string>;
  for (const who of ['deep', 'young'] as const) {
    const signed = await signIn(app, keys[who]);
    cookies[who] = `${signed.cookieHeader}; lang=en`;
    // Enough for every write of the run: stakes, rentals, orders, exchanges, subscriptions.
    const usdt = String(writes * 1_000);
    await admin(database, ...depositArgs({ address: signed.account.address, coin: 'USDT', amount: usdt }));
  }
  await admin(database, 'fund', 'staking-pool', 'USDT', '100000');
  await admin(database, 'fund', 'mining-pool', 'BTC', '100');
  await admin(database, 'fund', 'mining-pool', 'DOGE', '10000000');
  await admin(database, 'fund', 'exchange-inventory', 'BTC', '100');
  await admin(database, 'fund', 'trading-pool', 'USDT', '1000000');
  const now = Date.now();
  await admin(
    database,
    ...['ido', 'create', 'BIGB', '--name', 'Big book (bench token)', '--precision', '6', '--price', '0.01'],
    ...['--offering', '100000000', '--share-size', '10', '--min-shares', '1', '--max-shares', '100000'],
    ...['--start', new Date(now - 60_000).toISOString(), '--end', new Date(now + 5 * DAY_MS).toISOString()],
    ...['--release', new Date(now + 6 * DAY_MS).toISOString(), '--description', 'The big book benchmark.'],
  );
  await admin(database, 'fund', 'ido-treasury', 'BIGB', '100000000');
  await admin(database, 'ido', 'advance');
  return {
    app,
    base,
    cookies,
    ids: {
      stakePlan: await idOf(database, `select id from staking_plans where coin = 'USDT' and days = 7`),
      machine: {
        deep: await idOf(database, `select id from mining_products where key = 'S21'`),
        young: await idOf(database, `select id from mining_products where key = 'L7'`),
      },
      offering: await idOf(database, `select id from ido_offerings where token = 'BIGB'`),
    },
  };
}

/** One call over HTTP; `raw` reads a CSV answer to its end. Answers the envelope (or null) and ms. */
async function call(
  target: Target,
  who: Who,
  code: string,
  fields: Record<string, string>,
  raw = false,
): Promise<{ envelope: Envelope | null; ms: number; lines: number }> {
  const started = performance.now();
  const response = await fetch(`${target.base}${codePath(code)}`, {
    method: 'POST',
    headers: { ...FORM_HEADERS, cookie: target.cookies[who], 'accept-encoding': 'identity' },
    body: new URLSearchParams(fields).toString(),
  });
  if (raw) {
    if (!response.ok || !response.body) throw new Error(`${code} answered HTTP ${response.status}`);
    let lines = 0;
    for await (const chunk of response.body) for (const byte of chunk) if (byte === 10) lines += 1;
    return { envelope: null, ms: performance.now() - started, lines };
  }
  const envelope = (await response.json()) as Envelope;
  const ms = performance.now() - started;
  if (!isSuccess(envelope.respCode))
    throw new Error(`${code} as the ${who} user answered ${envelope.respCode} ${envelope.respMsg}`);
  return { envelope, ms, lines: 0 };
}

/** The data of a success. */
function data<T>(answer: { envelope: Envelope | null }): T {
  if (!answer.envelope || answer.envelope.data === null) throw new Error('a success without data');
  return answer.envelope.data as T;
}

export interface Read {
  name: string;
  code: string;
  fields: (target: Target, who: Who) => Promise<Record<string, string>>;
  csv?: boolean;
}

/** The last page of the user's finance records: OFFSET as deep as the history goes. */
async function deepPage(target: Target, who: Who): Promise<Record<string, string>> {
  const first = data<{ total: number }>(await call(target, who, '10011', { page: '1', size: '20' }));
  return { page: String(Math.max(1, Math.ceil(first.total / 20))), size: '20' };
}

const plain = (fields: Record<string, string>) => async () => fields;

export const READS: readonly Read[] = [
  { name: '10010 assets', code: '10010', fields: plain({}) },
  { name: '10011 records, page 1', code: '10011', fields: plain({ page: '1', size: '20' }) },
  { name: '10011 records, last page', code: '10011', fields: deepPage },
  { name: '10026 withdrawals', code: '10026', fields: plain({}) },
  { name: '10037 stakes', code: '10037', fields: plain({}) },
  { name: '10053 machines', code: '10053', fields: plain({}) },
  { name: '10064 IDO positions', code: '10064', fields: plain({}) },
  { name: '10080 open orders', code: '10080', fields: plain({}) },
  { name: '10081 order history', code: '10081', fields: plain({}) },
  { name: '100201 referral', code: '100201', fields: plain({}) },
  {
    name: '10095 statement, a year',
    code: '10095',
    csv: true,
    fields: async () => {
      const range = YEAR_RANGE();
      return { from: String(range.from), to: String(range.to) };
    },
  },
];

export const WRITES = ['10031', '10036', '10052', '10063', '10073', '10076'] as const;
export type WriteCode = (typeof WRITES)[number];

export interface Pair<T> {
  young: T;
  big: T;
}

/**
 * Latencies (ms) of `count` calls of `read` on each database, after a few unmeasured ones; the
 * calls alternate between the two (which goes first turns each time), so that both see the same
 * moments of a shared machine. Also the line counts of a CSV answer.
 */
export async function measureRead(
  targets: Pair<Target>,
  who: Who,
  read: Read,
  count: number,
): Promise<Pair<{ ms: number[]; lines: number[] }>> {
  const fields = { young: await read.fields(targets.young, who), big: await read.fields(targets.big, who) };
  const result = {
    young: { ms: [] as number[], lines: [] as number[] },
    big: { ms: [] as number[], lines: [] as number[] },
  };
  for (let n = -5; n < count; n += 1) {
    for (const side of n % 2 === 0 ? (['young', 'big'] as const) : (['big', 'young'] as const)) {
      const answer = await call(targets[side], who, read.code, fields[side], read.csv);
      if (read.csv) result[side].lines.push(answer.lines);
      if (n >= 0) result[side].ms.push(answer.ms);
    }
  }
  return result;
}

/**
 * One of each money write, each checked a success, its time given to `onTime`: an exchange of 10
 * USDT to BTC on a fresh quote, a 10 USDT stake for 7 days, a rental of one machine, a one-share
 * IDO subscription, a market buy of 0.01 lot of BTCUSDT and its close. The quote is asked for
 * outside the timing.
 */
export async function writeRound(
  target: Target,
  who: Who,
  onTime: (code: WriteCode, ms: number) => void,
): Promise<void> {
  const timed = async (code: WriteCode, fields: Record<string, string>) => {
    const answer = await call(target, who, code, { ...fields, requestId: randomUUID() });
    onTime(code, answer.ms);
    return answer;
  };
  const { quote } = data<{ quote: { quoteId: string } }>(
    await call(target, who, '10030', { pair: 'USDT_BTC', amount: '10' }),
  );
  await timed('10031', { pair: 'USDT_BTC', amount: '10', quoteId: quote.quoteId });
  await timed('10036', { planId: String(target.ids.stakePlan), amount: '10' });
  await timed('10052', { productId: String(target.ids.machine[who]), quantity: '1' });
  await timed('10063', { offeringId: String(target.ids.offering), shares: '1' });
  const order = data<{ id: number }>(
    await timed('10073', { symbol: 'BTCUSDT', side: 'buy', kind: 'market', lots: '0.01' }),
  );
  await timed('10076', { id: String(order.id) });
}

/** Latencies of `count` rounds of the money writes on each database, a round on one then on the other. */
export async function measureWrites(
  targets: Pair<Target>,
  who: Who,
  count: number,
): Promise<Pair<Map<WriteCode, number[]>>> {
  const times = {
    young: new Map<WriteCode, number[]>(WRITES.map((code) => [code, []])),
    big: new Map<WriteCode, number[]>(WRITES.map((code) => [code, []])),
  };
  for (let n = 0; n < count; n += 1)
    for (const side of n % 2 === 0 ? (['young', 'big'] as const) : (['big', 'young'] as const))
      await writeRound(targets[side], who, (code, ms) => times[side].get(code)?.push(ms));
  return times;
}
