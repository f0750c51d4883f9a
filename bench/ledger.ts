/**
 * Benchmark: balance-changing operations per second through the ledger (`postEntry`), compared
 * with pgbench's built-in TPC-B-like transaction on the same PostgreSQL server in the same run.
 *
 * PostgreSQL (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, used as the
 * admin connection): two fresh databases, `meridian_bench_<random>` for the ledger (migrated,
 * seeded with the demo configuration, BENCH_USERS users with a deposit each) and
 * `meridian_bench_<random>_pgbench` (`pgbench -i -s 1`). For 1, 8 and 32 concurrent clients,
 * BENCH_ROUNDS paired rounds of a ledger run and a pgbench run, each for BENCH_SECONDS, the order
 * swapped every round; a level's ratio is the median of its rounds' ratios. Each ledger client loops: pick two
 * random users, post a transfer a -> b, then b -> a, so no balance runs out; every entry is one
 * transaction of its own, like every balance change the product makes.
 *
 * PGlite (in memory, same process): the same ledger loop with 1, 8 and 32 concurrent async
 * clients. PGlite runs one transaction at a time, so this shows the embedded database's ceiling.
 *
 * Both bench databases are dropped at the end, also on error or Ctrl-C. Both ledgers must pass
 * `auditLedger`, and hold exactly the entries the bench counted.
 *
 *   node bench/ledger.ts
 *   BENCH_SECONDS=2 node bench/ledger.ts
 *
 * Exit code 0 when every entry posted and both audits are ok (or PostgreSQL is not reachable and
 * the PGlite part passed: a note says so), 1 otherwise, and 1 when PostgreSQL is not reachable
 * under CI=true.
 */

import { measurePglite, measurePostgres, type PostgresResult, reach } from './ledger-databases.ts';
import { cleanupAll, failed, run } from './ledger-processes.ts';
import { figures, report } from './ledger-report.ts';
import { hostOf, log, readSettings } from './ledger-settings.ts';
import { runBenchmark } from './lib/process.ts';
import { writeSummary } from './lib/report.ts';

async function main(): Promise<number> {
  const settings = readSettings();
  const reachable = await reach(settings.adminUrl);
  let postgres: PostgresResult | undefined;
  let postgresMissing: string | undefined;
  if (reachable.ok) {
    // Before any database is created: without pgbench there is no anchor and no ratio.
    const version = await run(settings.pgbench, ['--version']);
    if (version.code !== 0) throw failed(`${settings.pgbench} --version`, version);
    postgres = await measurePostgres(settings, reachable.server);
  } else {
    const message = `PostgreSQL not reachable at ${hostOf(settings.adminUrl)}: ${reachable.reason}`;
    if (process.env.CI === 'true') {
      log(`${message}; CI=true, so the ledger benchmark fails`);
      return 1;
    }
    log(`${message}; measuring PGlite only (set BENCH_DATABASE_URL to point at a server)`);
    postgresMissing = reachable.reason;
  }
  const pglite = await measurePglite(settings);
  const failures = [...(postgres?.failures ?? []), ...pglite.failures];
  process.stdout.write(report(settings, postgres, postgresMissing, pglite, failures));
  writeSummary(figures(postgres));
  return failures.length === 0 ? 0 : 1;
}

runBenchmark(main, cleanupAll);
