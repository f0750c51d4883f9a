/**
 * Live prices in the browser (issue #38; docs/markets.md "Live feeds" and "Guard rails"): a
 * server of its own with MARKET_FEED=live, BTCUSDT bound to a local fixture exchange that this
 * spec drives, the rest of the instruments simulated. The instrument screen and the order ticket
 * show the fixture's prices as they change; a feed gone quiet past its staleness limit shows
 * "Price delayed since HH:MM" and disables the order button until fresh ticks clear it; the
 * "simulated prices" notice shows on a simulated instrument only.
 */
import { generatePrivateKey } from 'viem/accounts';
import en from '../../locales/en.json' with { type: 'json' };
import { type LiveServer, startLiveServer } from './fixtures/live-server.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { readStoredMap } from './fixtures/stored-map.ts';
import { test as base, expect, type Page } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

/** Short, so that the halt is seen within a test; long enough that the pump never lets it lapse. */
const STALE_SECONDS = 3;
/** How often the pump repeats the current price while the feed is "up". */
const PUMP_MS = 300;

/** The fixture exchange's BTCUSDT, driven by the spec: a price repeated until told otherwise. */
class Feed {
  #updateId = 0;
  #tradeId = 0;
  #price = '';
  #timer: NodeJS.Timeout | null = null;
  readonly #live: LiveServer;

  constructor(live: LiveServer) {
    this.#live = live;
  }

  /**
   * Book ticks around `price` (0.07 either side, so its mid is `price`) and a trade at it, every
   * PUMP_MS from now on: the quote's last is the trade price and the instrument stays fresh.
   */
  price(price: string): void {
    this.#price = price;
    this.#send();
    if (!this.#timer) this.#timer = setInterval(() => this.#send(), PUMP_MS);
  }

  /** The upstream goes quiet (connection open, nothing sent), as a stalled feed does. */
  quiet(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #send(): void {
    const cents = Math.round(Number(this.#price) * 100);
    const at = (c: number) => (c / 100).toFixed(2);
    const { exchange } = this.#live;
    exchange.send('btcusdt@bookTicker', {
      u: ++this.#updateId,
      s: 'BTCUSDT',
      b: at(cents - 7),
      B: '1.5',
      a: at(cents + 7),
      A: '2.5',
    });
    const now = Date.now();
    exchange.send('btcusdt@aggTrade', {
      e: 'aggTrade',
      E: now,
      s: 'BTCUSDT',
      a: ++this.#tradeId,
      p: this.#price,
      q: '0.010',
      f: this.#tradeId,
      l: this.#tradeId,
      T: now,
      m: false,
      M: true,
    });
  }
}

const test = base.extend<{ feed: Feed }, { live: LiveServer }>({
  live: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from it.
    async ({}, use, workerInfo) => {
      const live = await startLiveServer(workerInfo.project.outputDir, {
        symbol: 'BTCUSDT',
        staleSeconds: STALE_SECONDS,
      });
      await use(live);
      await live.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // Every page of this spec talks to the live server, not to playwright.config.ts's own.
  baseURL: async ({ live }, use) => use(live.url),
  feed: async ({ live }, use) => {
    await live.exchange.connections(1);
    const feed = new Feed(live);
    await use(feed);
    feed.quiet();
  },
});

/** "12,345.67": the price as the screens format it. */
const shown = (price: string) => Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** The English "delayed" line with its HH:MM clock (the date joins it only on another day). */
const DELAYED = new RegExp(
  `^${en.markets.delayed
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\\{\\{time\\}\\}', '(\\d{4}/\\d{2}/\\d{2} )?\\d{2}:\\d{2}')}$`,
);

/** Every local HH:MM from `from` to `to`: the clocks a moment between them may show. */
function clockMinutes(from: number, to: number): string[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const clocks: string[] = [];
  for (let t = from - (from % 60_000); t <= to; t += 60_000) {
    const d = new Date(t);
    clocks.push(`${pad(d.getHours())}:${pad(d.getMinutes())}`);
  }
  return clocks;
}

async function inEnglish(page: Page) {
  await page.goto('/home');
  await page.locator('.language-picker select').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await readStoredMap(page))?.language).toBe('en');
}

/** Nothing on the screen is an untranslated key (`markets.delayed` and the like). */
async function translated(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(markets|trading|errors|routes)\.[a-zA-Z_.]+\b/);
}

/** The delayed line appears, then clears once the feed is back, with `whileDelayed` checked in between. */
async function haltsAndResumes(
  page: Page,
  feed: Feed,
  name: string,
  whileDelayed: () => Promise<void>,
  whileLive: () => Promise<void>,
) {
  const delayed = page.locator('.price-delayed');
  await expect(delayed).toHaveCount(0);
  await whileLive();
  const quietAt = Date.now();
  feed.quiet();
  // The halt comes STALE_SECONDS after the last tick, and the next second's tick carries it.
  await expect(delayed).toHaveText(DELAYED, { timeout: (STALE_SECONDS + 10) * 1000 });
  // "Since" is the moment the price went stale: the last tick (at most a pump before the
  // quiet) plus the limit, no later than now.
  const clock = /(\d{2}:\d{2})\D*$/.exec(await delayed.innerText())?.[1];
  expect(clockMinutes(quietAt - 2 * PUMP_MS + STALE_SECONDS * 1000, Date.now())).toContain(clock);
  await whileDelayed();
  await translated(page);
  await screenshot(page, `${name}-delayed-en`);
  feed.price('12401.23');
  await expect(delayed).toHaveCount(0, { timeout: 10_000 });
  await whileLive();
  await screenshot(page, `${name}-resumed-en`);
}

test('the instrument screen follows the fixture, halts when it goes quiet and resumes', async ({
  page,
  feed,
}) => {
  const problems = collectProblems(page);
  feed.price('12345.67');
  await inEnglish(page);
  await page.goto('/instrument/BTCUSDT');
  const card = page.locator('.quote-card[data-symbol="BTCUSDT"]');
  const last = card.locator('.quote-last');
  await expect(last).toHaveText(shown('12345.67'));
  await expect(card.locator('.quote-bid')).toHaveText(shown('12345.60'));
  await expect(card.locator('.quote-ask')).toHaveText(shown('12345.74'));
  // Live: no notice that the prices are made up.
  await expect(page.locator('.simulated-notice')).toHaveCount(0);
  await translated(page);
  await screenshot(page, 'live-instrument-en');

  feed.price('12377.88');
  await expect(last).toHaveText(shown('12377.88'));
  await expect(card.locator('.quote-bid')).toHaveText(shown('12377.81'));

  const state = card.locator('.quote-title .market-closed');
  await haltsAndResumes(
    page,
    feed,
    'live-instrument',
    async () => {
      await expect(state).toHaveText(en.markets.delayedShort);
      // The last price stays on the screen while trading is paused.
      await expect(last).toHaveText(shown('12377.88'));
    },
    async () => {
      await expect(state).toHaveCount(0);
    },
  );
  await expect(last).toHaveText(shown('12401.23'));
  expect(problems).toEqual([]);
});

test('the order ticket follows the fixture and its button waits out a halt', async ({ page, feed }) => {
  const problems = collectProblems(page);
  feed.price('12345.67');
  await signInAs(page, generatePrivateKey());
  await page.goto('/placeOrder?symbol=BTCUSDT');
  // Buy at the ask, sell at the bid.
  const buyAt = page.locator('.side-picker .side-buy b');
  const sellAt = page.locator('.side-picker .side-sell b');
  await expect(buyAt).toHaveText(shown('12345.74'));
  await expect(sellAt).toHaveText(shown('12345.60'));
  const submit = page.locator('form button[type="submit"]');
  await expect(submit).toBeEnabled();
  await translated(page);
  await screenshot(page, 'live-order-ticket-en');

  feed.price('12377.88');
  await expect(buyAt).toHaveText(shown('12377.95'));
  await expect(sellAt).toHaveText(shown('12377.81'));

  await haltsAndResumes(
    page,
    feed,
    'live-order-ticket',
    async () => {
      await expect(submit).toBeDisabled();
    },
    async () => {
      await expect(submit).toBeEnabled();
    },
  );
  await expect(buyAt).toHaveText(shown('12401.30'));
  expect(problems).toEqual([]);
});

test('the simulated notice shows on an instrument left simulated, not on the live one', async ({
  page,
  feed,
}) => {
  feed.price('12345.67');
  await inEnglish(page);
  const notice = page.locator('.simulated-notice');
  await page.goto('/instrument/ETHUSDT');
  await expect(page.locator('.quote-card[data-symbol="ETHUSDT"] .quote-last')).toHaveText(/\d/);
  await expect(notice).toHaveText(en.markets.simulated);
  await translated(page);
  await screenshot(page, 'simulated-instrument-en');

  await page.goto('/instrument/BTCUSDT');
  await expect(page.locator('.quote-card[data-symbol="BTCUSDT"] .quote-last')).toHaveText(shown('12345.67'));
  await expect(notice).toHaveCount(0);
});
