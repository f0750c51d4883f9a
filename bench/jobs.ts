/**
 * The daily jobs at scale (issue #41, item 2): mining settlement over JOBS_ROWS holdings, staking
 * maturity over JOBS_ROWS stakes, an IDO's allocation and release over JOBS_ROWS subscribers, each
 * beside the anchor measured in the same run: as many bare ledger postings (one transfer an entry,
 * a transaction each, one after another), on a fresh PostgreSQL database. Goal: each job within
 * 10x its anchor. The due work is made in bulk SQL with balanced entries (./jobs-fill.ts, the
 * benchmark's only shortcut); the jobs then run exactly as the server runs them, and `admin audit`
 * must be clean afterwards (exit code 1 otherwise, or when a job leaves work undone).
 *
 *   npm run bench:jobs                  # 100,000 rows a job
 *   JOBS_ROWS=10000 npm run bench:jobs
 */

import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../server/admin/runner.ts';
import { asFirstSetup } from '../server/admin/two-person.ts';
import { envInteger } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';
import { post, systemAccount, transfer, userAccount } from '../server/ledger/ledger.ts';
import { runPhases } from '../server/modules/ido/ido.job.ts';
import { runSettlement } from '../server/modules/mining/mining.job.ts';
import { runMaturity } from '../server/modules/staking/staking.job.ts';
import { seedDemo } from '../server/seed/demo.ts';
import {
  fillHoldings,
  fillStakes,
  fillSubscriptions,
  fillUsers,
  JOBS_DAY,
  openOffering,
} from './jobs-fill.ts';
import { adminQuery } from './lib/postgres-admin.ts';
import { type Figure, formatRatio, integerFormat, table, writeSummary } from './lib/report.ts';

const ROWS = envInteger(process.env, 'JOBS_ROWS', 100_000, 10, 10_000_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL = 10;
const NAME = `meridian_bench_jobs_${process.pid}`;

const log = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(what: string, work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  log(`  ${what}: ${seconds(ms)}`);
  return { ms, result };
}

const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
await adminQuery(ADMIN_URL, `create database ${NAME}`);
const drop = () => adminQuery(ADMIN_URL, `drop database if exists ${NAME} with (force)`);
process.once('SIGINT', () => void drop().finally(() => process.exit(130)));
const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
let failed = false;
try {
  await database.migrate();
  await seedDemo(database);
  const db = database.db;
  const admin = async (...argv: string[]) => {
    const result = await runAdminCommand(
      { argv: asFirstSetup([...argv, '--reason', 'bench']), actor: 'bench' },
      { database, via: 'direct' },
    );
    if (!result.ok) throw new Error(`admin ${argv.join(' ')}: ${result.text}`);
    return result;
  };
  log(`jobs at ${integerFormat.format(ROWS)} rows: filling ${NAME}`);
  await timed('users', () => fillUsers(db, ROWS));
  await timed('holdings', () => fillHoldings(db, ROWS));
  await timed('stakes', () => fillStakes(db, ROWS));
  const offering = await openOffering(admin, database);
  await timed('subscriptions', () => fillSubscriptions(db, offering, ROWS));
  await db.execute(sql`analyze`);

  log('measuring');
  // The anchor: the same number of bare postings, as a job posts them (a transaction each).
  const anchor = await timed('bare postings', async () => {
    for (let i = 1; i <= ROWS; i += 1)
      await db.transaction((tx) =>
        post(tx, {
          type: 'deposit',
          idempotencyKey: `bench:jobs:bare:${i}`,
          reference: 'bench:jobs',
          postings: transfer(
            systemAccount('deposits_clearing'),
            userAccount(`0x${i.toString(16).padStart(40, '0')}`),
            'USDT',
            '1',
          ),
        }),
      );
  });
  const mining = await timed('mining settlement', () => runSettlement(database, JOBS_DAY));
  const staking = await timed('staking maturity', () => runMaturity(database, new Date()));
  const allocation = await timed('IDO allocation', () => runPhases(database, offering.endsAt));
  const release = await timed('IDO release', () => runPhases(database, offering.releasesAt));
  const audit = await timed('admin audit', () =>
    runAdminCommand({ argv: ['audit'], actor: 'bench' }, { database, via: 'direct' }),
  );
  const [left] = rowsOf<{ holdings: number; stakes: number; unreleased: number }>(
    await db.execute(sql`select
      (select count(*)::int from mining_holdings where status = 'active') as holdings,
      (select count(*)::int from stakes where status = 'staked') as stakes,
      (select count(*)::int from ido_subscriptions where released_at is null) as unreleased`),
  );
  const done = {
    mining: mining.result.days === ROWS && left?.holdings === 0,
    staking: staking.result.paid === ROWS && left?.stakes === 0,
    allocation: allocation.result.changes.some((c) => c.id === offering.id && c.phases.includes('ended')),
    release: release.result.changes.some((c) => c.id === offering.id && c.phases.includes('issued')),
  };
  const jobs = [
    ['mining settlement', mining.ms, done.mining],
    ['staking maturity', staking.ms, done.staking],
    ['IDO allocation', allocation.ms, done.allocation],
    ['IDO release', release.ms, done.release && left?.unreleased === 0],
  ] as const;
  const rows = jobs.map(([job, ms, ok]) => {
    const ratio = ms / anchor.ms;
    return [
      job,
      seconds(ms),
      `${formatRatio(ratio)}x`,
      ratio <= GOAL ? 'met' : 'MISSED',
      ok ? 'all done' : 'UNDONE',
    ];
  });
  process.stdout.write(
    `daily jobs at ${integerFormat.format(ROWS)} rows each, PostgreSQL; anchor: ${integerFormat.format(ROWS)} bare ledger postings in ${seconds(anchor.ms)}\n\n` +
      table([['job', 'time', 'x anchor', `goal <= ${GOAL}x`, 'work'], ...rows], new Set([1, 2])) +
      `\nadmin audit ${audit.result.ok ? 'clean' : 'NOT CLEAN'} in ${seconds(audit.ms)}\n`,
  );
  failed = !audit.result.ok || jobs.some(([, , ok]) => !ok);
  writeSummary(
    jobs.map(
      ([job, ms, ok]): Figure => ({
        figure: `${job}, ${integerFormat.format(ROWS)} rows`,
        value: ms,
        unit: 'ms',
        anchor: anchor.ms,
        anchorName: `${integerFormat.format(ROWS)} bare postings`,
        ratio: ms / anchor.ms,
        goal: `<= ${GOAL}x`,
        met: ok && ms / anchor.ms <= GOAL,
        note: ok ? '' : 'work left undone',
      }),
    ),
  );
} finally {
  await database.close();
  await drop();
}
process.exitCode = failed ? 1 : 0;
