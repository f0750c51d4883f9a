/**
 * The first screen in the HTML (src/entry-server.tsx, server/http/first-screen.ts): a first visit
 * reads the route's screen, its first data included, before any script runs, in the language its
 * cookie names; the app then adopts those nodes (hydration) with the same data, without a shift, an error or asking
 * for it again; wallet routes keep the boot shell.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import { ROUTES } from '../../src/lib/paths.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { examplePath } from './fixtures/route-examples.ts';
import { expect, type Page, test } from './fixtures/test.ts';

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
    // Why nothing moves, in the page's language, over the tab bar.
    // (Its text read as the DOM's: Playwright's own text matching skips <noscript>.)
    await expect(page.locator('noscript')).toHaveJSProperty('textContent', zhCN.app.needsJavaScript);
    await expect(page.locator('noscript')).toBeVisible();

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
    await expect(page.locator('noscript')).toHaveJSProperty('textContent', ar.app.needsJavaScript);
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
  // With scripts the browser shows no <noscript>, the bar styled for it included.
  await expect(page.locator('noscript')).toBeHidden();
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
  test(`${path}: the app adopts the server's screen without a shift or an error`, async ({ page }) => {
    const problems = collectProblems(page);
    await recordLayoutShifts(page);
    await keepServerScreen(page);
    // The chart's code arrives after the quote, as on a slow phone: the chart's box keeps its room
    // meanwhile (src/features/markets/chart-size.ts), so the hint and the alerts under it stay put.
    await page.route(/\/assets\/chart-engine-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(path);
    await expect(page.locator(shown).first()).toBeVisible();
    await expect(page.locator('[inert]')).toHaveCount(0);
    // Adopted (hydrated), not built and laid out a second time.
    expect(await adopted(page)).toBe(true);
    const shifts = await page.evaluate(() => (globalThis as unknown as { shifts: number[] }).shifts);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.001);
    expect(problems).toEqual([]);
  });
}

/** Keeps the server's `.app` element as the parser made it, before any script of the page runs. */
async function keepServerScreen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as {
      serverScreen: unknown;
      document: {
        readyState: string;
        addEventListener(type: string, listener: () => void): void;
        querySelector(selector: string): unknown;
      };
    };
    page.document.addEventListener('readystatechange', () => {
      if (page.document.readyState === 'interactive')
        page.serverScreen = page.document.querySelector('#root > .app[inert]');
    });
  });
}

/** Whether the app's element now is the one the server sent (adopted, not rendered again). */
const adopted = (page: Page) =>
  page.evaluate(() => {
    const page = globalThis as unknown as {
      serverScreen: unknown;
      document: { querySelector(s: string): unknown };
    };
    return page.serverScreen !== null && page.serverScreen === page.document.querySelector('#root > .app');
  });

/** The warnings of a first screen React could not adopt (src/app/server-screen.tsx), from now on. */
function takeOverWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('[first screen]'))
      warnings.push(message.text());
  });
  return warnings;
}

test.describe('in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('/news: the app adopts the server’s nodes, then shows the dates in the reader’s time zone', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const mismatches = takeOverWarnings(page);
    await keepServerScreen(page);
    await page.goto('/news');
    await expect(page.locator('#root > .app:not([inert]) .news-list li').first()).toBeVisible();
    expect(await adopted(page)).toBe(true);
    // The server wrote UTC (it cannot know the zone); the browser then shows Tokyo's time, 9 hours on.
    const published = (await (
      await page.request.post('/adc/html/eto/10083.do', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        form: { page: '1', size: '20' },
      })
    ).json()) as { data: { list: { publishedAt: number }[] } };
    const first = published.data.list[0]?.publishedAt ?? 0;
    const tokyo = new Date(first + 9 * 3600_000).toISOString();
    await expect(page.locator('.news-list .when').first()).toHaveText(
      `${tokyo.slice(0, 10).replaceAll('-', '/')} ${tokyo.slice(11, 19)}`,
    );
    expect(problems).toEqual([]);
    expect(mismatches).toEqual([]);
  });
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });

  test('/home: the app adopts the server’s nodes and then offers to install, which the server could not know', async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const mismatches = takeOverWarnings(page);
    await keepServerScreen(page);
    await page.goto('/home');
    await expect(page.locator('#root > .app:not([inert]) .hero h2')).toBeVisible();
    await expect(page.locator('.install-entry')).toBeVisible();
    expect(await adopted(page)).toBe(true);
    expect(problems).toEqual([]);
    expect(mismatches).toEqual([]);
  });
});
