/**
 * End-to-end tests in Debian's Chromium (never a browser Playwright downloads), at a phone
 * viewport, against the real server serving the production build on a fresh embedded database.
 */
// First: a run with its clock moved (server/clock.ts) moves the spec processes' clocks too; the
// server gets the same offset through the environment and the pages through fixtures/test.ts.
import './server/clock.ts';
import { defineConfig } from '@playwright/test';
import { E2E_CHAIN_PORT, E2E_CHAIN_URL } from './tests/e2e/fixtures/chain-node.ts';
import { hardhatNodeArgs } from './tests/helpers/hardhat-node.ts';

const PORT = Number(process.env.E2E_PORT || 8199);
// Separate output per run so that parallel runs (say, on other ports) never share a database.
const OUT = process.env.E2E_OUT || 'test-results';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `${OUT}/e2e`,
  // Whole user journeys: several take 25-30 s on a quiet 2-core host, so 30 s left no margin.
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: process.env.CI === 'true',
  reporter: [['list'], ['json', { outputFile: `${OUT}/e2e-report.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // A real EVM node for deposits sent from the wallet (tests/e2e/deposit-chain.spec.ts).
      command: `node ${hardhatNodeArgs(E2E_CHAIN_PORT).join(' ')}`,
      port: E2E_CHAIN_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A fresh embedded database every run, so the demo seed runs as it does for a newcomer.
      command: `rm -rf ${OUT}/e2e-data && node server/main.ts`,
      env: {
        CHAIN_RPC_LOCAL: E2E_CHAIN_URL,
        PORT: String(PORT),
        DATA_DIR: `${OUT}/e2e-data`,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // Enough candle history for every chart interval, small enough to store in seconds.
        MARKET_BACKFILL_MINUTE_DAYS: '1',
        MARKET_BACKFILL_DAILY_DAYS: '800',
      },
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      // A first start seeds and fills 800 days of candles: about 25 s alone, a minute on a busy host.
      timeout: 150_000,
    },
  ],
});
