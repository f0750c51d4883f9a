/**
 * The installable, offline-first app (docs/spec/design.md section 9) in Debian's Chromium: a first visit
 * online, then the network goes away and the app still opens, with cached markets, charts and
 * records, an offline banner and the time the data is from; a change made offline is refused
 * and never sent; a second wallet on the same device never sees the first one's records; a new
 * build is offered, not forced.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import en from '../../locales/en.json' with { type: 'json' };
import { READ_CACHE_NAME } from '../../protocol/offline.ts';
import { writeCompressedCopies } from '../../scripts/precompress.ts';
import { admin, credit } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import {
  cacheKeys,
  checkForUpdate,
  controlledByServiceWorker,
  hasWaitingWorker,
} from './fixtures/service-worker.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { waitForStoredSession } from './fixtures/stored-map.ts';
import { type BrowserContext, expect, type Page, test } from './fixtures/test.ts';
import { switchAccount, TEST_WALLETS } from './fixtures/test-wallet.ts';
import { screenshot } from './screenshot.ts';

const CLIENT_DIR = process.env.CLIENT_DIR || 'dist';
const CLOCK = /\d\d:\d\d/;

/** How many withdrawals the server holds for this wallet, asked through the operator's CLI. */
function withdrawalsOf(address: string): number {
  const list = JSON.parse(admin('withdrawals', 'list')) as { user?: string }[];
  return list.filter((w) => w.user === address.toLowerCase()).length;
}

/** Product calls that reached the network, from the page or from its service worker. */
function networkCalls(context: BrowserContext, code: string): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith(`/adc/html/eto/${code}.do`)) seen.push(request.url());
  });
  return seen;
}

test('opens with no network from the cache; changes offline are refused and never sent', async ({
  page,
  context,
}) => {
  const problems = collectProblems(page);
  const { address } = TEST_WALLETS.first;
  await signInAs(page, TEST_WALLETS.first.privateKey);
  await controlledByServiceWorker(page);
  credit(address, '120');

  // The first visit, online: every screen the user opens leaves its answers in the cache.
  await page.goto('/marketPrices');
  await expect(page.locator('.market-list li[data-symbol="BTCUSDT"] .market-price')).toHaveText(/\d/);
  await page.goto('/instrument/BTCUSDT');
  await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
  await page.goto('/finance');
  await expect(page.locator('main, .page').first()).toContainText('120');
  // A saved address (withdrawals go only to one; the cooling-off off here), read online once.
  admin('config', 'address-delay', 'off');
  await page.goto('/withdrawAddressBook');
  await page.locator('select').selectOption('USDT TRC20');
  await page.locator('input[name="address"]').fill('TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C');
  await page.locator('input[name="label"]').fill('Cold');
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.address-book-entry')).toContainText('TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C');
  await page.goto('/withdraw');
  await expect(page.locator('input[name="amount"]')).toBeVisible();
  await page.goto('/news');
  const firstAnnouncement = await page.locator('.news-list .news-title').first().textContent();
  expect(firstAnnouncement).toBeTruthy();
  await page.locator('.news-list .news-item').first().click();
  await expect(page).toHaveURL(/\/newsDetail\?id=/);
  // Read, as the user reads it: the screen's code and its answer are now in the caches.
  await expect(page.locator('article.announcement')).toBeVisible();
  const detailUrl = page.url();
  await page.goto('/home');
  await expect(page.locator('.coin-symbol').first()).toHaveText('USDT');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meridian');
  await expect(page.locator('.coin-symbol').first()).toHaveText('USDT');
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText('Offline, data from');
  await expect(banner).toHaveText(CLOCK);
  // Everything on home came from the cache: no call failed loudly (counted now, not waited for:
  // a toast would go away by itself).
  expect(await page.locator('.toast').count()).toBe(0);
  await screenshot(page, 'offline-home-en');

  await page.goto('/marketPrices');
  await expect(page.locator('.market-list li[data-symbol="BTCUSDT"] .market-price')).toHaveText(/\d/);
  await expect(banner).toContainText('Offline, data from');
  await screenshot(page, 'offline-markets-en');
  await page.goto('/instrument/BTCUSDT');
  await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
  await page.goto('/finance');
  await expect(page.locator('main, .page').first()).toContainText('120');
  await page.goto('/news');
  await expect(page.locator('.news-list .news-title').first()).toHaveText(firstAnnouncement ?? '');
  await expect(banner).toContainText('Offline, data from');
  await screenshot(page, 'offline-news-en');
  await page.goto(detailUrl);
  await expect(page.locator('article.announcement')).toBeVisible();

  // A withdrawal offline: refused at once with the message, nothing leaves the page.
  const before = withdrawalsOf(address);
  const withdrawals = networkCalls(context, '10025');
  const terms = networkCalls(context, '10023');
  await page.goto('/withdraw');
  await expect(page.locator('input[name="amount"]')).toBeVisible();
  await expect(page.locator('select[name="address"]')).toContainText('Cold');
  await page.locator('input[name="amount"]').fill('50');
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.toast').filter({ hasText: en.messages.offline_nothing_sent })).toBeVisible();
  await screenshot(page, 'offline-withdraw-en');

  // Back online: the screens refresh by themselves, and the server never saw a withdrawal.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await page.waitForTimeout(1000); // anything queued would have been sent by now
  expect(withdrawals).toEqual([]);
  expect(terms).toEqual([]);
  expect(withdrawalsOf(address)).toBe(before);
  expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(p))).toEqual([]);
});

/**
 * A first visit to the news list: the page brings the list, and the worker is installed only after
 * it is shown; taking over, the worker has the screen read again through it, so the list is kept.
 * Answers the first title shown.
 */
async function newsKeptByWorker(page: Page): Promise<string> {
  await page.goto('/news');
  const title = await page.locator('.news-list .news-title').first().textContent();
  expect(title).toBeTruthy();
  await controlledByServiceWorker(page);
  await expect
    .poll(async () => (await cacheKeys(page, READ_CACHE_NAME)).some((key) => key.includes('/10083?')))
    .toBe(true);
  return title ?? '';
}

test('a first visit’s first screen opens offline too, though it was read before the worker took over', async ({
  page,
  context,
}) => {
  const title = await newsKeptByWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.news-list .news-title').first()).toHaveText(title);
  // The banner tells when the data is from (in the browser's language, a first visit's choice);
  // nothing said the page had not been saved.
  await expect(page.getByTestId('offline-banner')).toHaveText(CLOCK);
  expect(await page.locator('.toast').count()).toBe(0);
  await context.setOffline(false);
});

test('a page the worker did not claim asks it to, and its reads are kept (hard reload)', async ({
  page,
  context,
}) => {
  const title = await newsKeptByWorker(page);
  await page.evaluate(async (name) => {
    await (globalThis as unknown as { caches: { delete(name: string): Promise<boolean> } }).caches.delete(
      name,
    );
  }, READ_CACHE_NAME);

  // A hard reload loads the page past the active worker, as a navigation that started before the
  // first worker activated does: activation's claim never reaches such a page.
  const cdp = await context.newCDPSession(page);
  const loaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await loaded;
  const controlledAtLoad = await page.evaluate(
    () =>
      (globalThis as unknown as { navigator: { serviceWorker: { controller: object | null } } }).navigator
        .serviceWorker.controller !== null,
  );
  expect(controlledAtLoad).toBe(false);
  await expect(page.locator('.news-list .news-title').first()).toHaveText(title);

  // Registered once idle, the page finds the worker active but not its own and asks to be claimed;
  // the list it read past the worker is then read again through it and kept.
  await controlledByServiceWorker(page);
  await expect
    .poll(async () => (await cacheKeys(page, READ_CACHE_NAME)).some((key) => key.includes('/10083?')))
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.news-list .news-title').first()).toHaveText(title);
  await context.setOffline(false);
});

test('on a slow connection the cached list shows with its time, and goes when the network is quick again', async ({
  page,
  context,
}) => {
  const title = await newsKeptByWorker(page);

  // The network is there but slow: the worker stops waiting after 3 s and answers from its cache.
  // No `online` event will come, since the browser never lost its connection.
  let slow = true;
  await context.route('**/adc/html/eto/10083.do', async (route) => {
    if (slow) await new Promise((resolve) => setTimeout(resolve, 6_000));
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  await expect(page.locator('.news-list .news-title').first()).toHaveText(title);
  // The banner (in the browser's language, a first visit's choice) says when the data is from.
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(CLOCK);

  // Quick again: the screen asks again by itself (src/lib/network.ts, every 10 s while its data is
  // the cache's) and the banner goes, without a reload or a tap.
  slow = false;
  await expect(banner).toHaveCount(0, { timeout: 25_000 });
  await expect(page.locator('.news-list .news-title').first()).toHaveText(title);
  await context.unroute('**/adc/html/eto/10083.do');
});

test('a second wallet on the same device never sees the first one’s cached records', async ({
  page,
  context,
}) => {
  const first = TEST_WALLETS.first;
  await signInAs(page, first.privateKey);
  await controlledByServiceWorker(page);
  credit(first.address, '77.5');
  await page.goto('/finance');
  await expect(page.locator('main, .page').first()).toContainText('77.5');
  const firstKey = first.address.toLowerCase();
  expect((await cacheKeys(page, READ_CACHE_NAME)).some((key) => key.includes(firstKey))).toBe(true);

  // The wallet switches account: the app signs the first one out and its cached records go.
  await switchAccount(page, TEST_WALLETS.second.privateKey);
  await expect(page).toHaveURL(/\/home$/);
  await expect
    .poll(async () => (await cacheKeys(page, READ_CACHE_NAME)).filter((key) => key.includes(firstKey)))
    .toEqual([]);

  await page.locator('.connect-button').click();
  await expect(page.locator('.hero .address-chip')).toBeVisible();
  await waitForStoredSession(page);
  await context.setOffline(true);
  await page.goto('/finance');
  // Nothing cached for the second wallet yet: it is told so, and never shown the first's records.
  await expect(page.locator('.toast').filter({ hasText: en.messages.offline_no_copy })).toBeVisible();
  await expect(page.locator('main, .page').first()).not.toContainText('77.5');
  await context.setOffline(false);
});

test('a new version is offered, and taken only when the user says so', async ({ page }) => {
  const file = path.join(CLIENT_DIR, 'sw.js');
  const original = readFileSync(file, 'utf8');
  await page.goto('/home');
  await controlledByServiceWorker(page);
  await expect(page.locator('.update-prompt')).toHaveCount(0);
  try {
    // A new build: the worker script changes, as every build with a changed file does (and so do
    // the compressed copies the server sends).
    writeFileSync(file, `${original}\n// build ${Date.now()}\n`);
    writeCompressedCopies(file);
    await checkForUpdate(page);
    const prompt = page.locator('.update-prompt');
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'update-prompt-zh-CN');
    // "Later" keeps the page as it is; nothing reloads by itself.
    await prompt.getByRole('button').first().click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    const reloaded = page.waitForEvent('framenavigated', { timeout: 15_000 });
    await prompt.getByRole('button').last().click();
    await reloaded;
    await expect(page.locator('.update-prompt')).toHaveCount(0);
    // The new version took over: nothing waits any more.
    await expect.poll(() => hasWaitingWorker(page)).toBe(false);
  } finally {
    writeFileSync(file, original);
    writeCompressedCopies(file);
  }
});

test('a language chosen offline switches at once, toasts nothing, and reaches the server when back', async ({
  page,
  context,
}) => {
  const told = networkCalls(context, 'E0001');
  await page.goto('/home');
  await expect(page.locator('.hero')).toBeVisible();
  await expect.poll(() => told.length).toBe(1); // the start-up's
  // Every language bundle is in the worker's precache, so the screen can switch with no network.
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.locator('.language-picker select').selectOption('en');
  await page.locator('.language-picker select').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.toast')).toHaveCount(0);
  expect(told).toHaveLength(1);

  // Back online: the language chosen last, once.
  const answer = page.waitForResponse((r) => r.url().endsWith('/adc/html/eto/E0001.do'));
  await context.setOffline(false);
  expect(new URLSearchParams((await answer).request().postData() ?? '').get('lang')).toBe('ar');
  expect(told).toHaveLength(2);
  await expect(page.locator('.toast')).toHaveCount(0);
});
