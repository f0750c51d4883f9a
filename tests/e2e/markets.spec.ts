/**
 * Markets as a user meets them: the market list in every category with live prices, the home
 * page's ticker strip, and an instrument's chart in each type and several intervals, with the
 * crosshair readout, touch panning, pinching and double tap, live ticks over the stream, polling
 * when the stream is unavailable, and no console errors under the strict CSP.
 */
import en from '../../locales/en.json' with { type: 'json' };
import {
  type ChartType,
  MARKET_CATEGORIES,
  type MarketCategory,
  type Quote,
} from '../../protocol/markets.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { readStoredMap } from './fixtures/stored-map.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

/** English, and stored, so that the next page load starts in English too. */
async function inEnglish(page: Page) {
  await page.goto('/home');
  await page.locator('.language-picker select').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await readStoredMap(page))?.language).toBe('en');
}

/** One instrument of the demo set that each category must list. */
const EXPECTED: Record<MarketCategory, string> = {
  popular: 'BTCUSDT',
  crypto: 'ETHUSDT',
  crude_oil: 'USOIL',
  forex: 'EURUSD',
  gold: 'XAUUSD',
  stock_index: 'NAS100',
};

const PRICE = /^\d{1,3}(,\d{3})*(\.\d+)?$/;
const PERCENT = /^[+-]?\d+\.\d{2}%$/;

/** The x window the chart shows, in candles, from the engine's `data-view`. */
async function chartView(page: Page): Promise<{ min: number; max: number }> {
  const text = (await page.locator('.chart-canvas').getAttribute('data-view')) ?? '';
  const [min = Number.NaN, max = Number.NaN] = text.split(',').map(Number);
  return { min, max };
}

async function chartReady(page: Page) {
  await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
  await expect(page.locator('.chart-overlay')).toHaveCount(0);
  await expect(page.locator('.chart-canvas')).toHaveAttribute('data-view', /,/);
}

test('the market list shows every category with prices, changes and sparklines', async ({ page }) => {
  const problems = collectProblems(page);
  await inEnglish(page);
  await page.goto('/marketPrices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.routes.marketPrices);
  await expect(page.getByRole('tab')).toHaveText(MARKET_CATEGORIES.map((c) => en.markets.categories[c]));

  for (const category of MARKET_CATEGORIES) {
    await page.locator(`[data-category="${category}"]`).click();
    await expect(page.locator(`[data-category="${category}"]`)).toHaveAttribute('aria-selected', 'true');
    if (category !== 'popular') await expect(page).toHaveURL(new RegExp(`category=${category}$`));
    const row = page.locator(`.market-list li[data-symbol="${EXPECTED[category]}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator('.market-price')).toHaveText(PRICE);
    await expect(row.locator('.change')).toHaveText(PERCENT);
    await expect(row.locator('svg.sparkline')).toBeAttached();
    // Markets that trade around the clock always have recent closes to draw.
    if (category === 'crypto') {
      await expect(row.locator('.sparkline polyline')).toHaveAttribute('points', /^(\d+\.\d,\d+\.\d ?)+$/);
    }
    for (const price of await page.locator('.market-list .market-price').allTextContents()) {
      expect(price).toMatch(PRICE);
    }
    await screenshot(page, category === 'popular' ? 'market-list-en' : `market-list-${category}-en`);
  }

  // Forex shows its precision (5 decimals for EUR/USD); a tap opens the instrument.
  await page.locator('[data-category="forex"]').click();
  await expect(page.locator('.market-list li[data-symbol="EURUSD"] .market-price')).toHaveText(/^\d\.\d{5}$/);
  await page.locator('.market-list li[data-symbol="EURUSD"] a').click();
  await expect(page).toHaveURL(/\/instrument\/EURUSD$/);
  await expect(page.locator('.quote-last')).toHaveText(/^\d\.\d{5}$/);
  expect(problems).toEqual([]);
});

test('/SpotGoods opens on cryptocurrencies and /exMarketPrices shows the same list', async ({ page }) => {
  await inEnglish(page);
  await page.goto('/SpotGoods');
  await expect(page.locator('[data-category="crypto"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.market-list li[data-symbol="SOLUSDT"]')).toBeVisible();
  await page.goto('/exMarketPrices');
  await expect(page.locator('[data-category="popular"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.market-list li[data-symbol="BTCUSDT"]')).toBeVisible();
});

test('the home page ticker strip shows popular markets and opens one', async ({ page }) => {
  await inEnglish(page);
  const first = page.locator('.ticker-list li').first();
  await expect(first.locator('.ticker-price')).toHaveText(PRICE);
  await expect(first.locator('.change')).toHaveText(PERCENT);
  await screenshot(page, 'home-ticker-en');
  const symbol = await first.getAttribute('data-symbol');
  await first.locator('a').click();
  await expect(page).toHaveURL(new RegExp(`/instrument/${symbol}$`));
});

const TYPE_SHOTS: Record<ChartType, string> = {
  candle_solid: 'chart-candle-en',
  ohlc: 'chart-ohlc-en',
  area: 'chart-area-en',
  time_share: 'chart-time-share-en',
};

test('the chart draws every type and several intervals, with no console or CSP errors', async ({ page }) => {
  const problems = collectProblems(page);
  await inEnglish(page);
  await page.goto('/instrument/BTCUSDT');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin');
  await expect(page.locator('.quote-last')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(page.locator('.quote-bid')).toHaveText(PRICE);
  await expect(page.locator('.quote-ask')).toHaveText(PRICE);
  await expect(page.locator('.simulated-notice')).toHaveText(en.markets.simulated);
  await chartReady(page);
  // candle_solid is the default, and uPlot's stylesheet came as a file (style-src 'self').
  await expect(page.locator('[data-chart-type="candle_solid"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.chart-canvas > .uplot .u-over').first()).toHaveCSS('position', 'absolute');
  // The chart's code came as a chunk of its own, not with the first page (its stylesheet is in
  // the app's one stylesheet: vite.config.ts).
  const chunks = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  expect(chunks.some((p) => /chart-engine-.*\.js$/.test(p))).toBe(true);

  for (const type of ['candle_solid', 'ohlc', 'area', 'time_share'] as const) {
    await page.locator(`[data-chart-type="${type}"]`).click();
    await expect(page.locator(`[data-chart-type="${type}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.chart-canvas')).toHaveAttribute('data-type', type);
    await chartReady(page);
    await expect(page.locator('.readout')).toContainText(en.markets.close);
    if (type === 'time_share')
      await expect(page.locator('.readout-average')).toContainText(en.markets.average);
    await screenshot(page, TYPE_SHOTS[type]);
  }

  // The chosen type is kept in the store across a reload.
  await expect.poll(async () => (await readStoredMap(page))?.chartType).toBe('time_share');
  await page.reload();
  await expect(page.locator('[data-chart-type="time_share"]')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-chart-type="candle_solid"]').click();

  await expect(page.locator('.interval-chip')).toHaveCount(13);
  for (const interval of ['1m', '1h', '1D', '1w', '1M']) {
    await page.locator(`[data-interval="${interval}"]`).click();
    await expect(page.locator('.chart-canvas')).toHaveAttribute('data-interval', interval);
    await chartReady(page);
    await expect(page.locator('.chart-canvas')).toHaveAttribute('data-candles', /^[1-9]\d*$/);
    await expect(page.locator('.chart-readout-time')).toHaveText(/^\d{4}\/\d{2}\/\d{2}( \d{2}:\d{2})?$/);
    await screenshot(page, `chart-${interval}-en`);
  }
  expect(problems).toEqual([]);
});

test('crosshair readout, touch drag, pinch and double tap on the chart', async ({ page }) => {
  await inEnglish(page);
  await page.goto('/instrument/ETHUSDT');
  await page.locator('[data-interval="5m"]').click();
  await chartReady(page);
  const over = page.locator('.chart-canvas > .uplot .u-over').first();
  const box = await over.boundingBox();
  if (!box) throw new Error('no chart');
  const y = box.y + box.height / 2;

  // The crosshair over an older candle shows that candle's time in the readout.
  const latest = await page.locator('.chart-readout-time').textContent();
  await page.mouse.move(box.x + box.width * 0.3, y);
  await expect(page.locator('.chart-readout-time')).not.toHaveText(latest ?? '');
  await page.mouse.move(box.x + box.width + 40, y - box.height);

  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });

  // One finger dragging right moves the view to older candles.
  const start = await chartView(page);
  const x0 = box.x + box.width * 0.3;
  await touch('touchStart', [{ x: x0, y }]);
  for (let step = 1; step <= 8; step++) await touch('touchMove', [{ x: x0 + step * 20, y }]);
  await touch('touchEnd', []);
  const dragged = await chartView(page);
  expect(dragged.max).toBeLessThan(start.max - 5);
  expect(dragged.max - dragged.min).toBeCloseTo(start.max - start.min, 1);

  // Two fingers spreading apart zoom in: fewer candles in the view.
  const cx = box.x + box.width / 2;
  await touch('touchStart', [
    { x: cx - 30, y },
    { x: cx + 30, y },
  ]);
  for (let step = 1; step <= 8; step++) {
    await touch('touchMove', [
      { x: cx - 30 - step * 10, y },
      { x: cx + 30 + step * 10, y },
    ]);
  }
  await touch('touchEnd', []);
  const pinched = await chartView(page);
  expect(pinched.max - pinched.min).toBeLessThan((dragged.max - dragged.min) * 0.6);
  await screenshot(page, 'chart-zoomed-en');

  // A double tap brings back the first view.
  for (let tap = 0; tap < 2; tap++) {
    await touch('touchStart', [{ x: cx, y }]);
    await touch('touchEnd', []);
    await page.waitForTimeout(80);
  }
  await expect
    .poll(async () => (await chartView(page)).max - (await chartView(page)).min)
    .toBeCloseTo(start.max - start.min, 1);

  // Zoomed out and dragged back to the oldest candles loaded, the chart asks for older ones
  // (daily candles go back further than one page of 300).
  await page.locator('[data-interval="1D"]').click();
  await chartReady(page);
  await expect(page.locator('.chart-canvas')).toHaveAttribute('data-candles', '300');
  for (let pinch = 0; pinch < 4; pinch++) {
    await touch('touchStart', [
      { x: cx - 120, y },
      { x: cx + 120, y },
    ]);
    for (let step = 1; step <= 7; step++) {
      await touch('touchMove', [
        { x: cx - 120 + step * 15, y },
        { x: cx + 120 - step * 15, y },
      ]);
    }
    await touch('touchEnd', []);
  }
  await touch('touchStart', [{ x: x0, y }]);
  for (let step = 1; step <= 8; step++) await touch('touchMove', [{ x: x0 + step * 20, y }]);
  await touch('touchEnd', []);
  await expect
    .poll(async () => Number(await page.locator('.chart-canvas').getAttribute('data-candles')))
    .toBeGreaterThan(300);
  await screenshot(page, 'chart-zoomed-out-en');
});

test('live prices arrive over the stream: the last price moves within seconds', async ({ page }) => {
  await inEnglish(page);
  // The stream itself: a tick for the symbol asked for.
  const tick = await page.evaluate(
    () =>
      new Promise<Quote>((resolve, reject) => {
        const source = new EventSource('/adc/stream/ticks?symbols=BTCUSDT');
        const timer = setTimeout(() => reject(new Error('no tick')), 10_000);
        source.addEventListener('tick', (event) => {
          clearTimeout(timer);
          source.close();
          resolve(JSON.parse((event as unknown as { data: string }).data) as Quote);
        });
      }),
  );
  expect(tick).toMatchObject({ symbol: 'BTCUSDT', open: true });
  expect(tick.last).toMatch(/^\d+\.\d{2}$/);

  await page.goto('/instrument/BTCUSDT');
  await expect(page.locator('.live-badge')).toHaveAttribute('data-mode', 'stream');
  const last = page.locator('.quote-last');
  await expect(last).toHaveText(PRICE);
  const before = await last.textContent();
  await expect(last).not.toHaveText(before ?? '', { timeout: 15_000 });

  await page.goto('/marketPrices?category=crypto');
  const btc = page.locator('.market-list li[data-symbol="BTCUSDT"] .market-price');
  await expect(btc).toHaveText(PRICE);
  const listed = await btc.textContent();
  await expect(btc).not.toHaveText(listed ?? '', { timeout: 15_000 });
  // A moved price flashes up or down for a moment: its data-flash names the direction and a
  // generation (flashPrice), and the price's ::after layer fades with that generation's animation.
  await expect(page.locator('.market-list .price[data-flash]').first()).toHaveAttribute(
    'data-flash',
    /^(up|down)-[12]$/,
    {
      timeout: 15_000,
    },
  );
  // (Spelled out: this file is checked without the DOM lib.)
  interface Animations {
    getAnimations(): { animationName?: string; effect: { pseudoElement?: string | null } | null }[];
  }
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          (globalThis as unknown as { document: Animations }).document
            .getAnimations()
            .some(
              (animation) =>
                animation.effect?.pseudoElement === '::after' &&
                /^price-flash-[12]$/.test(animation.animationName ?? ''),
            ),
        ),
      { timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
});

test('without the stream the screens poll and still move', async ({ page }) => {
  await page.route('**/adc/stream/ticks**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await inEnglish(page);
  await page.goto('/instrument/BTCUSDT');
  await expect(page.locator('.live-badge')).toHaveAttribute('data-mode', 'polling');
  const last = page.locator('.quote-last');
  await expect(last).toHaveText(PRICE);
  const before = await last.textContent();
  await expect(last).not.toHaveText(before ?? '', { timeout: 15_000 });
});
