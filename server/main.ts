/**
 * Starts the server: configuration from the environment, database migrated (and seeded with demo
 * data when empty and DEMO_SEED allows), the HTTP app, and the admin socket.
 */
import { mkdirSync, unlinkSync } from 'node:fs';
import { runAdminCommand } from './admin/runner.ts';
import { adminSocketPath, listenAdminSocket } from './admin/socket.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createTranslator } from './i18n.ts';
import { chainRpcUrls, chainWatcherJobs } from './modules/deposit/deposit.job.ts';
import { idoPhaseJob } from './modules/ido/ido.job.ts';
import { MarketEngine } from './modules/markets/engine.ts';
import { createSimulatedSource } from './modules/markets/feed.ts';
import { DEMO_INSTRUMENTS } from './modules/markets/instruments.ts';
import { miningSettlementJob } from './modules/mining/mining.job.ts';
import { resolveVapidKeys } from './modules/push/vapid.ts';
import { stakingMaturityJob } from './modules/staking/staking.job.ts';
import { tradingTriggerJob } from './modules/trading/trading.job.ts';
import { applyDemoSeed, createRuntime, openConfiguredDatabase } from './runtime.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const socketPath = adminSocketPath(config.dataDir);
  const database = await openConfiguredDatabase(config);
  const seeded = config.demoSeed ? await applyDemoSeed(database) : 0;
  // Push signing keys: from VAPID_* variables, or generated once and kept in the database.
  await resolveVapidKeys(database.db);
  const markets = new MarketEngine({
    database,
    source: createSimulatedSource(DEMO_INSTRUMENTS, { seed: config.priceSeed }),
    minuteBackfillDays: config.minuteBackfillDays,
    dailyBackfillDays: config.dailyBackfillDays,
  });
  const runtime = createRuntime(database, { publicUrl: config.publicUrl, demo: config.demoMoney, markets });
  const translator = await createTranslator();
  const app = await buildApp({ database, config, translator, ...runtime });

  const adminServer = await listenAdminSocket(socketPath, async (request) => {
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
  });

  await app.listen({ port: config.port, host: config.host });
  await markets.start(app.log);
  const stakingMaturity = stakingMaturityJob(database);
  stakingMaturity.start(app.log);
  const miningSettlement = miningSettlementJob(database, app.log);
  miningSettlement.start(app.log);
  const idoPhases = idoPhaseJob(database);
  idoPhases.start(app.log);
  const tradingTriggers = tradingTriggerJob(database, markets, app.log);
  tradingTriggers.start(app.log);
  const chainWatchers = chainWatcherJobs(database, chainRpcUrls(process.env));
  for (const watcher of chainWatchers) watcher.start(app.log);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  if (seeded > 0) app.log.info(`demo configuration seeded (${seeded} admin commands)`);
  app.log.info(`database: ${database.kind} (${database.kind === 'pglite' ? database.location : 'server'})`);
  // Printed plainly as well as logged, so a newcomer sees where to go.
  process.stdout.write(`\nMeridian is running: open http://${shownHost}:${port}/\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    adminServer.close();
    await markets.stop();
    await stakingMaturity.stop();
    await miningSettlement.stop();
    await idoPhases.stop();
    await tradingTriggers.stop();
    for (const watcher of chainWatchers) await watcher.stop();
    try {
      unlinkSync(socketPath);
    } catch {
      // already gone
    }
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Meridian could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
