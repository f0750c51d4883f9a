/**
 * The big book (issue #41, item 1): a PostgreSQL database filled with a year of history for
 * BIGBOOK_USERS users (./big-book-fill.ts), and beside it a young database (freshly migrated, a
 * few users); the hot reads and the money writes are measured over HTTP on both, as a user with a
 * deep history and as one with a young history, and each figure on the big book is printed beside
 * the young database's (the anchor) with the ratio. `admin audit` is timed on the big book, and
 * must be clean on both before and after the writes (exit code 1 otherwise, or on any wrong answer).
 *
 *   npm run bench:big-book                       # 100,000 users, ~20 million postings
 *   BIGBOOK_USERS=1000 npm run bench:big-book    # the small form
 */
import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { runAdminCommand } from '../server/admin/runner.ts';
import { envInteger } from '../server/config.ts';
import type { Database } from '../server/db/client.ts';
import { auditFromCheckpoint } from '../server/ledger/audit-checkpoint.ts';
import { type Book, createBook, dropDatabase } from './big-book-database.ts';
import {
  measureRead,
  measureWrites,
  openTarget,
  READS,
  type Target,
  type Who,
  WRITES,
} from './big-book-measure.ts';
import { type Figure, formatRatio, integerFormat, table, writeSummary } from './lib/report.ts';
import { percentile } from './trading-measure.ts';

const USERS = envInteger(process.env, 'BIGBOOK_USERS', 100_000, 10, 10_000_000);
const YOUNG_USERS = envInteger(process.env, 'BIGBOOK_YOUNG_USERS', 10, 10, 1_000);
const REQUESTS = envInteger(process.env, 'BIGBOOK_REQUESTS', 200, 10, 100_000);
const WRITES_EACH = envInteger(process.env, 'BIGBOOK_WRITES', 100, 5, 10_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL = 1.5;
const AUDIT_GOAL_MS = 60_000;
const DASHBOARD_AUDIT_GOAL = 0.1;

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function audit(database: Database): Promise<{ ok: boolean; ms: number; text: string }> {
  const started = performance.now();
  const result = await runAdminCommand({ argv: ['audit'], actor: 'bench' }, { database, via: 'direct' });
  return { ok: result.ok, ms: performance.now() - started, text: result.text };
}

/** The dashboard's audit (from its checkpoint), timed; refused unless clean. */
async function checkpointedAudit(database: Database): Promise<{ ms: number; from: number; to: number }> {
  const started = performance.now();
  const result = await auditFromCheckpoint(database.db);
  if (!result.ok) throw new Error(`the audit from a checkpoint is not clean: ${JSON.stringify(result)}`);
  return { ms: performance.now() - started, from: result.from, to: result.checkpoint };
}

const p = (ms: number[], at: number) =>
  percentile(
    [...ms].sort((a, b) => a - b),
    at,
  );

/** Each figure on stderr as soon as it is measured, so that a run stopped later still tells it. */
function progress(row: Row): void {
  const pair = (at: number) => `${p(row.young, at).toFixed(2)} / ${p(row.big, at).toFixed(2)}`;
  log(`  ${row.figure}, ${row.who} user: p50 ${pair(50)} ms, p99 ${pair(99)} ms (young / big)`);
}

interface Row {
  figure: string;
  who: Who;
  young: number[];
  big: number[];
}

async function main(): Promise<number> {
  const keys = { deep: generatePrivateKey(), young: generatePrivateKey() };
  const addresses = {
    deepAddress: privateKeyToAccount(keys.deep).address,
    youngAddress: privateKeyToAccount(keys.young).address,
  };
  const runId = randomBytes(4).toString('hex');
  const books: Book[] = [];
  const targets: Target[] = [];
  const cleanup = async () => {
    for (const target of targets) await target.app.close().catch(() => {});
    for (const book of books)
      await book.dispose().catch((e: unknown) => log(`cleanup: ${(e as Error).message}`));
    // A database still being filled when a signal came has no Book yet: drop it by name.
    for (const name of [`bigbook_${runId}_young`, `bigbook_${runId}`])
      await dropDatabase(ADMIN_URL, name).catch((e: unknown) => log(`cleanup: ${(e as Error).message}`));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  try {
    log(`young database: ${YOUNG_USERS} users`);
    const young = await createBook({
      adminUrl: ADMIN_URL,
      name: `bigbook_${runId}_young`,
      users: YOUNG_USERS,
      ...addresses,
      log,
    });
    books.push(young);
    log(`big book: ${integerFormat.format(USERS)} users`);
    const big = await createBook({
      adminUrl: ADMIN_URL,
      name: `bigbook_${runId}`,
      users: USERS,
      ...addresses,
      log,
    });
    books.push(big);
    log(`big book filled in ${seconds(big.fill.ms)}: ${integerFormat.format(big.fill.postings)} postings`);
    const auditBig = await audit(big.database);
    const auditYoung = await audit(young.database);
    log(`audit of the big book: ${seconds(auditBig.ms)}, ${auditBig.ok ? 'clean' : 'NOT CLEAN'}`);
    if (!auditBig.ok || !auditYoung.ok)
      throw new Error(`audit not clean:\n${auditBig.text}\n${auditYoung.text}`);
    // Its first run sums the whole journal and leaves the checkpoint the later ones start from.
    const dashboardFirst = await checkpointedAudit(big.database);
    log(`the dashboard's audit, first run: ${seconds(dashboardFirst.ms)}`);

    const youngTarget = await openTarget(young.database, keys, WRITES_EACH);
    targets.push(youngTarget);
    const bigTarget = await openTarget(big.database, keys, WRITES_EACH);
    targets.push(bigTarget);

    const pair = { young: youngTarget, big: bigTarget };
    const rows: Row[] = [];
    for (const read of READS) {
      for (const who of ['deep', 'young'] as const) {
        log(`${read.name}, ${who} user`);
        const { young: onYoung, big: onBig } = await measureRead(pair, who, read, REQUESTS);
        // The same user's history is the same on both databases: so is its statement.
        if (read.csv && (onBig.lines[0] ?? 0) !== (onYoung.lines[0] ?? -1))
          throw new Error(
            `statement of ${onBig.lines[0]} lines on the big book, ${onYoung.lines[0]} on the young one`,
          );
        const row = { figure: read.name, who, young: onYoung.ms, big: onBig.ms };
        rows.push(row);
        progress(row);
      }
    }
    for (const who of ['deep', 'young'] as const) {
      log(`writes, ${who} user`);
      const { young: onYoung, big: onBig } = await measureWrites(pair, who, WRITES_EACH);
      for (const code of WRITES) {
        const row = {
          figure: `${code} write`,
          who,
          young: onYoung.get(code) ?? [],
          big: onBig.get(code) ?? [],
        };
        rows.push(row);
        progress(row);
      }
    }
    const after = await audit(big.database);
    const afterYoung = await audit(young.database);
    if (!after.ok || !afterYoung.ok) throw new Error(`audit not clean after the writes:\n${after.text}`);
    const dashboard = await checkpointedAudit(big.database);

    report(big, rows, auditBig.ms, after.ms, { first: dashboardFirst, next: dashboard });
    return 0;
  } finally {
    await cleanup();
  }
}

interface DashboardAudits {
  /** Its first run: the whole journal. */
  first: { ms: number };
  /** After the writes: from the checkpoint the first left. */
  next: { ms: number; from: number; to: number };
}

function report(
  big: Book,
  rows: Row[],
  auditMs: number,
  auditAfterMs: number,
  dashboard: DashboardAudits,
): void {
  const fill = big.fill;
  const lines = [
    `big book: ${integerFormat.format(USERS)} users, ${integerFormat.format(fill.entries)} journal entries, ${integerFormat.format(fill.postings)} postings, ${integerFormat.format(fill.candles)} minute candles, filled in ${seconds(fill.ms)}`,
    `young database: ${YOUNG_USERS} users; the deep user and the young user have the same history on both`,
    `${REQUESTS} requests per read and user, ${WRITES_EACH} per write and user, one at a time over HTTP on loopback`,
    `admin audit on the big book: ${seconds(auditMs)} (after the writes: ${seconds(auditAfterMs)}), clean; goal < ${seconds(AUDIT_GOAL_MS)}`,
    `the dashboard's audit from its checkpoint after the writes: ${dashboard.next.ms.toFixed(0)} ms (postings ${dashboard.next.from} to ${dashboard.next.to}), ${formatRatio(dashboard.next.ms / auditAfterMs)}x admin audit's ${seconds(auditAfterMs)}; its first run (the whole journal) ${seconds(dashboard.first.ms)}`,
    '',
  ];
  const header = [
    'figure',
    'user',
    'p50 young',
    'p50 big',
    'ratio',
    'p99 young',
    'p99 big',
    'ratio',
    'goal',
    'met',
  ];
  const cells: string[][] = [header];
  const figures: Figure[] = [];
  for (const row of rows) {
    const stats = (ms: number[]) => ({ p50: p(ms, 50), p99: p(ms, 99) });
    const y = stats(row.young);
    const b = stats(row.big);
    const r50 = b.p50 / y.p50;
    const r99 = b.p99 / y.p99;
    const met = r50 <= GOAL && r99 <= GOAL;
    cells.push([
      row.figure,
      row.who,
      y.p50.toFixed(2),
      b.p50.toFixed(2),
      `${formatRatio(r50)}x`,
      y.p99.toFixed(2),
      b.p99.toFixed(2),
      `${formatRatio(r99)}x`,
      `<= ${GOAL}x`,
      met ? 'yes' : 'NO',
    ]);
    for (const [p, value, anchor, ratio] of [
      ['p50', b.p50, y.p50, r50],
      ['p99', b.p99, y.p99, r99],
    ] as const)
      figures.push({
        figure: `big book ${row.figure} ${p}, ${row.who} user`,
        value,
        unit: 'ms',
        anchor,
        anchorName: 'young database',
        ratio,
        goal: `ratio <= ${GOAL}`,
        met: ratio <= GOAL,
        note: '',
      });
  }
  figures.push({
    figure: `big book admin audit, ${integerFormat.format(fill.postings)} postings`,
    value: auditMs,
    unit: 'ms',
    anchor: null,
    anchorName: '',
    ratio: null,
    goal: '< 60 s',
    met: auditMs < AUDIT_GOAL_MS,
    note: '',
  });
  figures.push({
    figure: `big book dashboard audit from its checkpoint, after ${integerFormat.format(dashboard.next.to - dashboard.next.from)} postings`,
    value: dashboard.next.ms,
    unit: 'ms',
    anchor: auditAfterMs,
    anchorName: 'admin audit (every posting)',
    ratio: dashboard.next.ms / auditAfterMs,
    // Once a minute while the console is open: a tenth of the full audit at most.
    goal: `ratio <= ${DASHBOARD_AUDIT_GOAL}`,
    met: dashboard.next.ms / auditAfterMs <= DASHBOARD_AUDIT_GOAL,
    note: '',
  });
  process.stdout.write(`${lines.join('\n')}\n${table(cells, new Set([2, 3, 4, 5, 6, 7]))}\n(ms)\n`);
  writeSummary(figures);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
