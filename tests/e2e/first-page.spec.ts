/**
 * The first page as a phone on a slow link meets it: the boot shell paints from the stylesheet
 * alone, the first screen replaces it without fading in, and nothing on home jumps while the
 * configuration, the markets and the announcements arrive late, in any order (docs/performance.md).
 */
import { FIRST_ANSWERS_ELEMENT } from '../../protocol/first-screen.ts';
import { COMPILE_HINT } from '../../scripts/compile-hint.ts';
import { readStoredMap } from './fixtures/stored-map.ts';
import { expect, type Page, test } from './fixtures/test.ts';

interface Shift {
  value: number;
  nodes: string[];
}

/**
 * What the init script uses of the page's globals (the tests' TypeScript has no DOM library).
 * Layout shifts are entries of the `layout-shift` type, not caused by input.
 */
interface PageGlobals {
  layoutShifts: Shift[];
  PerformanceObserver: new (
    callback: (list: {
      getEntries(): {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: { className?: string } | null }[];
      }[];
    }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
  MutationObserver: new (
    callback: (records: unknown, observer: { disconnect(): void }) => void,
  ) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void };
  document: { querySelector(selector: string): unknown };
  dispatchEvent(event: Event): boolean;
  requestAnimationFrame(callback: () => void): number;
}

/** Records the page's layout shifts from the first paint on (`layoutShifts`). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    page.layoutShifts = [];
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        page.layoutShifts.push({
          value: entry.value,
          nodes: entry.sources.map((s) => String(s.node?.className ?? s.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // The browser's install offer, as early as the app listens for it (Chromium sends it whenever
    // it finds the app installable): the install card must not appear and then be pushed away.
    new page.MutationObserver((_, observer) => {
      // The app's home, not the server's render of it (inert until the app replaces it).
      if (!page.document.querySelector('.app:not([inert]) .hero')) return;
      observer.disconnect();
      page.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    }).observe(page.document, { childList: true, subtree: true });
  });
}

const layoutShifts = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).layoutShifts);

for (const late of ['00000', '10068', '10083']) {
  test(`home holds its layout while ${late} arrives late`, async ({ page }) => {
    await recordLayoutShifts(page);
    await page.route(`**/adc/html/eto/${late}.do`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/home');
    // Everything home shows, loaded: coins, the ticker's prices, the announcement, the install card.
    await expect(page.locator('.coin-symbol').first()).toHaveText('USDT');
    await expect(page.locator('.ticker-list li[data-symbol]').first()).toBeVisible();
    await expect(page.locator('a.latest-news-link strong')).toBeVisible();
    await expect(page.locator('.install-entry')).toBeAttached();
    // Two frames more, so any shift of the last answer is reported.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const { requestAnimationFrame } = globalThis as unknown as PageGlobals;
          requestAnimationFrame(() => requestAnimationFrame(resolve));
        }),
    );
    const shifts = await layoutShifts(page);
    expect(
      shifts.reduce((sum, s) => sum + s.value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.001);
  });
}

test('the first screen replaces the boot shell at once; a page change fades in', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('.hero')).toBeVisible();
  await expect(page.locator('.boot-shell')).toHaveCount(0);
  await expect(page.locator('.page-fade')).toHaveCount(0);
  await page.locator('.ticker-head a').click();
  await expect(page).toHaveURL(/\/marketPrices$/);
  await expect(page.locator('.page-fade')).toHaveCount(1);
});

test('the page asks for its stylesheet first and its scripts at low priority', async ({ request }) => {
  const html = await (await request.get('/home', { headers: { accept: 'text/html' } })).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const stylesheet = head.indexOf('rel="stylesheet"');
  expect(stylesheet).toBeGreaterThan(0);
  expect(stylesheet).toBeLessThan(head.indexOf('<script'));
  const scripts = [...head.matchAll(/<(script type="module"|link rel="modulepreload")[^>]*>/g)].map(
    (m) => m[0],
  );
  expect(scripts.length).toBeGreaterThan(2);
  for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
});

test('the start chunk opens with the compile hint, as its first line', async ({ request }) => {
  // V8 reads `//# allFunctionsCalledOnLoad` only at the top of the file (scripts/compile-hint.ts).
  const html = await (await request.get('/home', { headers: { accept: 'text/html' } })).text();
  const start = /href="(\/assets\/start-[\w-]+\.js)"/.exec(html)?.[1];
  expect(start).toBeDefined();
  const code = await (await request.get(start ?? '')).text();
  expect(code.split('\n', 1)[0]).toBe(COMPILE_HINT);
  expect(code.split(COMPILE_HINT).length).toBe(2);
});

/** The API codes the page asked for, in order, from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const code = /\/adc\/html\/eto\/(\w+)\.do$/.exec(new URL(request.url()).pathname)?.[1];
    if (code) calls.push(code);
  });
  return calls;
}

// The screens' chunk is held back: a read asked for before it arrives was started by the start-up,
// not by a screen. A screen that did not take that read would have sent its own before showing
// the data, so once the data is on screen, every request it made has been seen.
for (const [route, reads, shown] of [
  ['/marketPrices', ['10068'], ['.market-list li[data-symbol]']],
  ['/news', ['10083'], ['.news-list li']],
  ['/home', ['10068', '10083'], ['.ticker-list li[data-symbol]', 'a.latest-news-link']],
] as const) {
  test(`${route} starts its reads with the start-up and asks for each once`, async ({ page }) => {
    // A page without the first answers, as the service worker's shell is (a first visit's page
    // brings them: tests/e2e/first-screen.spec.ts).
    await page.route(route, async (navigation) => {
      const response = await navigation.fetch();
      const body = (await response.text()).replace(FIRST_ANSWERS_ELEMENT, '');
      await navigation.fulfill({ response, body });
    });
    const calls = apiCalls(page);
    await page.route('**/assets/App-*.js', async (chunk) => {
      // Long enough for a slow CI host's start-up (store, i18n) to reach the reads: at 1 s a
      // loaded 2-vCPU host sometimes released the chunk first.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      calls.push('screens arrive');
      await chunk.continue();
    });
    await page.goto(route);
    // The app's own (the server's render holds the list too, inert, until the app replaces it).
    for (const selector of shown) {
      await expect(page.locator('.app:not([inert])').locator(selector).first()).toBeVisible();
    }
    for (const code of reads) {
      expect(
        calls.filter((c) => c === code),
        code,
      ).toHaveLength(1);
      expect(calls.indexOf(code), `${code} in ${calls.join(' ')}`).toBeLessThan(
        calls.indexOf('screens arrive'),
      );
    }
  });
}

test('a cold start writes its store straight to IndexedDB and never downloads localforage', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/home');
  // The first configuration is stored when it arrives (src/app/store.ts, src/lib/stored-record.ts).
  await expect
    .poll(
      async () => Object.keys(((await readStoredMap(page))?.globalConfig as object | undefined) ?? {}).length,
    )
    .toBeGreaterThan(0);
  expect(scripts.filter((script) => script.includes('localforage'))).toEqual([]);
});
