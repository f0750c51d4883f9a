/**
 * Starts the server: configuration from the environment, database migrated (and seeded with demo
 * data when empty and DEMO_SEED allows), the HTTP app, and the admin socket.
 */
// First: the clock a test run may have moved (server/clock.ts) holds before anything reads it.
import './clock.ts';
import { mkdirSync, unlinkSync } from 'node:fs';
import { runAdminCommand } from './admin/runner.ts';
import { adminSocketPath, listenAdminSocket } from './admin/socket.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { armExitWatchdog } from './exit-watchdog.ts';
import { stdoutDestination } from './http/log-destination.ts';
import { rateLimitSweepJob } from './http/rate-limit-store.ts';
import { createTranslator } from './i18n.ts';
import { priceAlertJob } from './modules/alerts/alerts.job.ts';
import { chainRpcUrls, chainWatcherJobs } from './modules/chain-watch/chain-watch.job.ts';
import { CONFIG_CHANNEL } from './modules/config/config.service.ts';
import { publicTestKeysInUse } from './modules/deposit/index.ts';
import { idoPhaseJob } from './modules/ido/ido.job.ts';
import { MarketEngine } from './modules/markets/engine.ts';
import { LiveSource } from './modules/markets/live/live-source.ts';
import { configuredPriceSource } from './modules/markets/price-source.ts';
import { miningSettlementJob } from './modules/mining/mining.job.ts';
import { pushOutboxJob } from './modules/push/index.ts';
import { resolveVapidKeys } from './modules/push/vapid.ts';
import { chainReserveReader } from './modules/solvency/reserves.ts';
import { solvencySnapshotJob } from './modules/solvency/solvency.job.ts';
import { stakingMaturityJob } from './modules/staking/staking.job.ts';
import { tradingTriggerJob } from './modules/trading/trading.job.ts';
import { withdrawSenderJobs } from './modules/withdraw-sender/index.ts';
import { applyDemoSeed, createRuntime, openConfiguredDatabase } from './runtime.ts';

/** A stopping process that has not finished by then exits anyway (docs/deployment.md). */
const STOP_DEADLINE_MS = 9_000;
/**
 * Past this a thread of its own kills the process, in case its main thread is blocked and the
 * deadline's timer cannot fire; still inside the 10 s a deploy is promised.
 */
const KILL_DEADLINE_MS = 9_500;
/** How long calls in flight have to answer once a stop begins. */
const DRAIN_MS = 4_000;
/** How long a stopped process waits for stdout's reader to take its last lines before it exits. */
const LOG_FLUSH_MS = 2_000;

/**
 * Log lines and the start-up line go through Node's stream for stdout, which never blocks and
 * never makes exiting wait (server/http/log-destination.ts); created first so that stdout and
 * stderr have their 'error' listeners before anything writes.
 */
const output = stdoutDestination();

async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const socketPath = adminSocketPath(config.dataDir);
  const database = await openConfiguredDatabase(config);
  const seeded = config.demoSeed ? await applyDemoSeed(database) : 0;
  // Deposit addresses from the published test mnemonic: refused on PostgreSQL (a real deployment)
  // unless allowed outright, and warned about everywhere (docs/deposit-addresses.md, "Demo keys").
  const testKeys = await publicTestKeysInUse(database.db);
  if (testKeys.length > 0 && database.kind === 'postgres' && !config.allowDemoKeys) {
    throw new Error(
      `the deposit keys of ${testKeys.join(', ')} are the public test keys of the demo: anyone can spend ` +
        'what is sent to their addresses. Configure your own (admin config xpub), or set ALLOW_DEMO_KEYS=true for a test deployment.',
    );
  }
  // Push signing keys: from VAPID_* variables, or generated once and kept in the database.
  await resolveVapidKeys(database.db);
  const source = await configuredPriceSource(database.db, config);
  const markets = new MarketEngine({
    database,
    source,
    minuteBackfillDays: config.minuteBackfillDays,
    dailyBackfillDays: config.dailyBackfillDays,
    rollupBackfillCandles: config.rollupBackfillCandles,
  });
  const runtime = createRuntime(database, { publicUrl: config.publicUrl, demo: config.demoMoney, markets });
  const translator = await createTranslator();
  const app = await buildApp({ database, config, translator, ...runtime, loggerStream: output });
  if (source instanceof LiveSource) {
    // Every tick the guard holds, confirms or drops goes in the log (docs/markets.md, "Guard rails").
    source.setLog(({ symbol, tick, ...event }) =>
      app.log.warn(
        { symbol, event: event.kind, ...event, bid: tick.bid, ask: tick.ask, at: tick.at },
        'feed guard',
      ),
    );
  }

  // The embedded database admits one process, so the CLI hands its commands to this one through a
  // socket in DATA_DIR. On PostgreSQL the CLI opens the database itself and any number of
  // processes run on one host without a data directory each; they see configuration changes
  // within the configuration cache's few seconds.
  const adminServer =
    database.kind === 'pglite'
      ? await listenAdminSocket(socketPath, async (request) => {
          const { background, ...result } = await runAdminCommand(request, {
            database,
            via: 'server',
            onChange: () => runtime.services.config.invalidate(),
          });
          // After-commit work (push sending) goes on here; the CLI has its answer already.
          void background?.then((lines) => {
            for (const line of lines) app.log.info(`admin ${request.argv.slice(0, 2).join(' ')}: ${line}`);
          });
          return result;
        })
      : null;

  // A change the CLI made directly (PostgreSQL) reaches this process at once, not after the cache's TTL.
  const unlistenConfig = await database.listen(CONFIG_CHANNEL, () => runtime.services.config.invalidate());
  // The candle writer's first sync (on a first start: days, minutes and rollups from history) runs
  // before the port opens, so that nothing, a load balancer's health check included, meets a
  // server still filling its charts.
  await markets.start(app.log);
  await app.listen({ port: config.port, host: config.host });
  const jobs = [
    stakingMaturityJob(database, config.jobIntervalMs),
    miningSettlementJob(database, app.log, config.jobIntervalMs),
    idoPhaseJob(database),
    tradingTriggerJob(database, markets, app.log),
    priceAlertJob(database, markets, translator),
    pushOutboxJob(database, translator),
    ...chainWatcherJobs(database, chainRpcUrls(process.env)),
    ...withdrawSenderJobs(database, chainRpcUrls(process.env), process.env, (line) => app.log.info(line)),
    solvencySnapshotJob(
      database,
      chainReserveReader(database.db, chainRpcUrls(process.env)),
      config.jobIntervalMs,
    ),
    // Rate-limit counters live in PostgreSQL when it is the database (PGlite keeps them in memory).
    ...(database.kind === 'postgres' ? [rateLimitSweepJob(database)] : []),
  ];
  for (const job of jobs) job.start(app.log);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  if (seeded > 0) app.log.info(`demo configuration seeded (${seeded} admin commands)`);
  if (testKeys.length > 0)
    app.log.warn(
      `deposit addresses of ${testKeys.join(', ')} come from public test keys: do not send real funds (admin config xpub)`,
    );
  app.log.info(`database: ${database.kind} (${database.kind === 'pglite' ? database.location : 'server'})`);
  // Printed plainly as well as logged, so a newcomer sees where to go.
  output.write(`\nMeridian is running: open http://${shownHost}:${port}/\n\n`);

  let stopping = false;
  /**
   * A deploy or a scale-down: stop taking requests and end the tick streams (their clients
   * reconnect elsewhere with Last-Event-ID), let calls in flight finish, stop the jobs (each
   * finishes its current run), close the database, exit. Bounded: after STOP_DEADLINE_MS the
   * process exits anyway; a money call cut there is a transaction never committed, whose client
   * retries with the same requestId. Past KILL_DEADLINE_MS it is killed, even with its main thread
   * blocked. Nothing here waits on stdout or stderr beyond LOG_FLUSH_MS: a reader that stopped
   * reading, or closed its end, costs log lines, never the exit.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const stopStarted = Date.now();
    armExitWatchdog(KILL_DEADLINE_MS, (error) =>
      app.log.warn({ err: error }, `${signal}: exit watchdog failed`),
    );
    app.log.info(`${signal}: shutting down`);
    setTimeout(() => {
      app.log.error(`${signal}: not stopped after ${STOP_DEADLINE_MS} ms, exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    adminServer?.close();
    const closed = app.close();
    // Calls in flight get DRAIN_MS to answer; a connection still open then (a client that keeps
    // its keep-alive socket busy, one that never reads) is cut so that closing cannot wait for ever.
    const cut = setTimeout(() => {
      app.log.warn(`${signal}: connections still open after ${DRAIN_MS} ms, closing them`);
      app.server.closeAllConnections();
    }, DRAIN_MS);
    await closed;
    clearTimeout(cut);
    app.log.info(`${signal}: requests finished, streams ended`);
    await markets.stop();
    await Promise.all(jobs.map((job) => job.stop()));
    await unlistenConfig();
    app.log.info(`${signal}: jobs stopped`);
    if (adminServer) {
      try {
        unlinkSync(socketPath);
      } catch {
        // already gone
      }
    }
    await database.close();
    // A reader that reads gets the last lines; one that does not is not waited for past the deadline.
    await output.settled(Math.min(LOG_FLUSH_MS, STOP_DEADLINE_MS - (Date.now() - stopStarted)));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // stderr has its 'error' listener (stdoutDestination), so a closed stderr cannot throw here.
  process.stderr.write(`Meridian could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
