/**
 * Time to first render of a repeat visit, offline against online, in the same run: the real
 * server with the production build, Debian's Chromium at a phone viewport, one first visit that
 * installs the service worker, then repeat visits alternating online and offline. "Rendered" is
 * the moment the home page's hero card is in the DOM, in milliseconds since navigation start.
 *
 * The first visit also counts the scripts the page itself fetched for /home until the network is
 * idle (issue #41: the first page as the browser loads it, not as the manifest lists it): their
 * bytes as served (encoded on the wire), as brotli (quality 11) and as gzip -9 of each body.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT || 8221);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 7);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      MARKET_BACKFILL_MINUTE_DAYS: '1',
      MARKET_BACKFILL_DAILY_DAYS: '30',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Meridian is running')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return child;
}

async function renderTime(page: Page): Promise<number> {
  await page.goto(`http://127.0.0.1:${PORT}/home`);
  await page.waitForSelector('.hero', { state: 'attached' });
  return page.evaluate(() => Math.round(performance.now()));
}

export interface FetchedScripts {
  count: number;
  served: number;
  brotli: number;
  gzip: number;
  /** Each script in the order its response came, by file name, with its brotli size. */
  files: { name: string; brotli: number }[];
}

/** Sizes of the scripts `page` fetched (not the service worker's precache), once the network is idle. */
async function scriptSizes(responses: Response[]): Promise<FetchedScripts> {
  const sizes: FetchedScripts = { count: 0, served: 0, brotli: 0, gzip: 0, files: [] };
  for (const response of responses) {
    if (response.request().resourceType() !== 'script' || !response.ok()) continue;
    const body = await response.body();
    sizes.count += 1;
    sizes.served += (await response.request().sizes()).responseBodySize;
    const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes.brotli += brotli;
    sizes.files.push({ name: new URL(response.url()).pathname.split('/').pop() ?? '', brotli });
    sizes.gzip += gzipSync(body, { level: 9 }).length;
  }
  return sizes;
}

export async function measureRepeatVisits(): Promise<{
  online: number;
  offline: number;
  firstVisit: FetchedScripts;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    await renderTime(page); // the first visit installs the service worker
    await page.waitForLoadState('networkidle');
    page.removeAllListeners('response');
    const firstVisit = await scriptSizes(responses);
    await page.waitForFunction(
      // Runs in the page; spelled out because bench/ is checked without the DOM library.
      () =>
        (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator
          .serviceWorker.controller !== null,
    );
    const online: number[] = [];
    const offline: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await context.setOffline(false);
      online.push(await renderTime(page));
      await context.setOffline(true);
      offline.push(await renderTime(page));
    }
    return { online: median(online), offline: median(offline), firstVisit };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
