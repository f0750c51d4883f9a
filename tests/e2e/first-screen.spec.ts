/**
 * The first screen in the HTML (src/entry-server.tsx, server/http/first-screen.ts): a first visit
 * reads the route's screen, its first data included, before any script runs, in the language its
 * cookie names; the app then takes over with the same data, without a shift, an error or asking
 * for it again; wallet routes keep the boot shell.
 */
import { expect, type Page, test } from '@playwright/test';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import { ROUTES } from '../../src/app/paths.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { examplePath } from './fixtures/route-examples.ts';

/** A key i18next could not find shows as itself: a namespace, a dot and a name. */
const RAW_KEY = new RegExp(`\\b(${Object.keys(en).join('|')})\\.[a-z][A-Za-z_]+\\b`);

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('a first visit reads home before any script runs, in the language of its cookie', async ({
    page,
    context,
  }) => {
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('.hero h2')).toHaveText(zhCN.home.headline);
    await expect(page.locator('.hero p')).toHaveText(zhCN.home.intro);
    await expect(page.locator('.boot-shell')).toHaveCount(0);

    // A list page: its first answers came with it.
    await page.goto('/marketPrices');
    await expect(page.locator('.market-list li[data-symbol]').first()).toBeVisible();
    await page.goto('/news');
    await expect(page.locator('.news-list li').first()).toBeVisible();

    await context.addCookies([{ name: 'lang', value: 'ar', url: page.url() }]);
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.hero h2')).toHaveText(ar.home.headline);
    // The data read in that language too.
    await page.goto('/news');
    await expect(page.locator('.news-list li').first()).toBeVisible();
  });
});

test('every public route comes with its screen, inert, without inline styles or raw keys; wallet routes with the boot shell', async ({
  request,
}) => {
  for (const route of ROUTES) {
    const path = examplePath(route);
    const html = await (
      await request.get(path, { headers: { accept: 'text/html', cookie: 'lang=en' } })
    ).text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));
    if (route.wallet) {
      expect(root, path).toContain('boot-shell');
      continue;
    }
    expect(html, path).toContain('<html lang="en" dir="ltr">');
    expect(root, path).toContain('<div inert="" class="app">');
    expect(root, path).toContain('<h1');
    // The Content-Security-Policy allows no style attributes (style-src 'self').
    expect(root, path).not.toContain(' style="');
    // The Suspense fallback: the screen's code was not there for the render.
    expect(root, path).not.toContain('screen-loading');
    expect(root.replace(/<[^>]*>/g, ' '), path).not.toMatch(RAW_KEY);
  }
});

test('a first visit with a language cookie and nothing stored: the app takes over in that language', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL ?? '' }]);
  await page.goto('/home');
  await expect(page.locator('.app:not([inert]) .hero h2')).toHaveText(ar.home.headline);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.language-picker select')).toHaveValue('ar');
});

for (const [path, code, shown] of [
  ['/marketPrices', '10068', '.market-list li[data-symbol]'],
  ['/news', '10083', '.news-list li'],
] as const) {
  test(`${path}: the app takes over with the answer the page brought and asks for none of it`, async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/${code}.do`)) asked.push(request.url());
    });
    await page.goto(path);
    await expect(page.locator('.app:not([inert])').locator(shown).first()).toBeVisible();
    expect(asked).toEqual([]);
  });
}

/** The layout shifts of the page from its first paint, not caused by input. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as {
      shifts: number[];
      PerformanceObserver: new (
        callback: (list: { getEntries(): { value: number; hadRecentInput: boolean }[] }) => void,
      ) => { observe(options: { type: string; buffered: boolean }): void };
    };
    page.shifts = [];
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) page.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const [path, shown] of [
  ['/marketPrices', '.market-list li[data-symbol]'],
  ['/news', '.news-list li'],
  ['/instrument/BTCUSDT', '.quote-last'],
] as const) {
  test(`${path}: the app takes over from the server's screen without a shift or an error`, async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await recordLayoutShifts(page);
    await page.goto(path);
    await expect(page.locator(shown).first()).toBeVisible();
    await expect(page.locator('[inert]')).toHaveCount(0);
    const shifts = await page.evaluate(() => (globalThis as unknown as { shifts: number[] }).shifts);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.001);
    expect(problems).toEqual([]);
  });
}
