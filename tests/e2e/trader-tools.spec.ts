/**
 * The trader's tools as a user meets them (issue #21): chart indicators switched on and off, a
 * period changed, and all of it found again after a reload; a price alert set from the instrument
 * page at a pinned price, refused when the price is already there, listed on /alerts and deleted;
 * a statement downloaded from /finance that parses to the records shown; a fired alert's push shown
 * by the service worker, whose tap opens the instrument. English and Arabic.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import type { PushMessage } from '../../protocol/push.ts';
import { admin } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import {
  controlledByServiceWorker,
  deliverPush,
  NOTIFICATION_LISTED_MS,
  shownNotifications,
  tapNotification,
} from './fixtures/service-worker.ts';
import { signInFunded } from './fixtures/sign-in.ts';
import { readStoredMap } from './fixtures/stored-map.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

async function chartReady(page: Page) {
  await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
  await expect(page.locator('.chart-overlay')).toHaveCount(0);
  await expect(page.locator('.chart-canvas')).toHaveAttribute('data-view', /,/);
}

const shown = (page: Page) => page.locator('.chart-canvas').getAttribute('data-indicators');

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`indicators on and off, a period changed, kept after a reload (${lang})`, async ({ page }) => {
    const problems = collectProblems(page);
    await signInFunded(page, lang, '10');
    await page.goto('/instrument/BTCUSDT');
    await chartReady(page);
    // What a new user starts with: MA on the price, volume below.
    await expect(page.locator('.chart-canvas')).toHaveAttribute('data-indicators', 'ma vol');
    await expect(page.locator('.chart-pane')).toHaveCount(1);
    await expect(page.locator('.chart-overlay-legend')).toContainText('MA7');

    for (const name of ['boll', 'macd', 'rsi', 'ma']) {
      await page.locator(`.indicator-chip[data-indicator="${name}"]`).click();
    }
    await expect(page.locator('.chart-canvas')).toHaveAttribute('data-indicators', 'boll vol macd rsi');
    await chartReady(page);
    await expect(page.locator('.chart-pane')).toHaveCount(3);
    await expect(page.locator('.chart-pane[data-pane="rsi"] .chart-pane-legend')).toContainText(
      /RSI14 \d+\.\d{2}/,
    );
    await expect(page.locator('.chart-overlay-legend')).toContainText('BOLL(20,2) UP');

    // RSI over 7 candles instead of 14; a bad period is refused and changes nothing.
    await page.locator('.indicator-settings').click();
    const sheet = page.getByRole('dialog');
    await sheet.locator('input[name="rsi"]').fill('0');
    await sheet.locator('.sheet-confirm').click();
    await expect(sheet.locator('.form-error')).toHaveText(
      bundle.markets.periodInvalid.replace('{{max}}', '500'),
    );
    await sheet.locator('input[name="rsi"]').fill('7');
    await sheet.locator('.sheet-confirm').click();
    await expect(sheet).toHaveCount(0);
    await expect(page.locator('.chart-pane[data-pane="rsi"] .chart-pane-legend')).toContainText('RSI7');
    await chartReady(page);
    await page.locator('.chart-area').scrollIntoViewIfNeeded();
    await screenshot(page, `chart-indicators-${lang}`);

    // Kept in the store for this wallet, and found again after a reload.
    await expect
      .poll(async () => {
        const stored = (await readStoredMap(page)) as {
          indicators?: Record<string, { rsi?: { period: number } }>;
        };
        return Object.values(stored?.indicators ?? {})[0]?.rsi?.period;
      })
      .toBe(7);
    await page.reload();
    await chartReady(page);
    expect(await shown(page)).toBe('boll vol macd rsi');
    await expect(page.locator('.chart-pane[data-pane="rsi"] .chart-pane-legend')).toContainText('RSI7');
    expect(problems).toEqual([]);
  });
}

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`a price alert set, refused when reached, listed and deleted; a statement downloaded (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const problems = collectProblems(page);
    admin('markets', 'pin', 'ETHUSDT', '--bid', '3000.00', '--ask', '3000.10', '--minutes', '5');
    await signInFunded(page, lang, '250');
    await page.waitForTimeout(1500);
    await page.goto('/instrument/ETHUSDT');
    const card = page.locator('.alerts-card');
    await expect(card).toBeVisible();

    // Already reached: 2,900 is below the price, so "above 2,900" is refused.
    await card.locator('.alert-add').click();
    let sheet = page.getByRole('dialog');
    await expect(sheet.locator('input[name="price"]')).toHaveValue('3000');
    await sheet.locator('input[name="price"]').fill('2900');
    await expect(sheet.locator('[data-direction="below"]')).toHaveAttribute('aria-pressed', 'true');
    await sheet.locator('[data-direction="above"]').click();
    await sheet.locator('.sheet-confirm').click();
    await expect(page.locator('.toast').last()).toHaveText(bundle.errors.alert_already_reached);
    await sheet.locator('[data-direction="below"]').click();
    await screenshot(page, `alert-sheet-${lang}`);
    await sheet.locator('.sheet-confirm').click();
    await expect(sheet).toHaveCount(0);
    await expect(card.locator('.alert-row')).toHaveCount(1);
    await expect(card.locator('.alert-row')).toContainText('2,900');

    // Another, above; both on /alerts with the notification switch.
    await card.locator('.alert-add').click();
    sheet = page.getByRole('dialog');
    await sheet.locator('input[name="price"]').fill('3100.5');
    await expect(sheet.locator('[data-direction="above"]')).toHaveAttribute('aria-pressed', 'true');
    await sheet.locator('.sheet-confirm').click();
    await expect(card.locator('.alert-row')).toHaveCount(2);
    await card.getByRole('link', { name: bundle.alerts.all }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bundle.routes.alerts);
    await expect(page.locator('.push-card')).toBeVisible();
    await expect(page.locator('.alert-row')).toHaveCount(2);
    await expect(page.locator('.alert-row').first()).toContainText('ETHUSDT');
    await screenshot(page, `alerts-${lang}`);
    await page.locator('.alert-row').first().locator('.alert-delete').click();
    await expect(page.locator('.alert-row')).toHaveCount(1);
    await page.reload();
    await expect(page.locator('.alert-row')).toHaveCount(1);
    await expect(page.locator('.alert-row')).toContainText('2,900');

    // The statement of this month: the credit shows up in the CSV as it does in the list.
    await page.goto('/finance');
    await expect(page.locator('.record-list li').first()).toBeVisible();
    await page.locator('.statement-button').click();
    sheet = page.getByRole('dialog');
    await screenshot(page, `statement-sheet-${lang}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.locator('.sheet-confirm').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^meridian-statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({ type: 'deposit', coin: 'USDT', amount: '250', demo: 'no' }),
    ]);
    await expect(sheet).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

test('a fired alert pushed to the service worker shows its notification; a tap opens the instrument', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/home');
  await controlledByServiceWorker(page);
  // What server/modules/alerts/alerts.job.ts sends (its text checked in tests/integration/alerts.test.ts).
  const message: PushMessage = {
    kind: 'alert',
    id: 41,
    title: 'ETHUSDT is above 3100',
    body: 'Last price 3100.25. Tap to open the chart.',
    lang: 'en',
    url: '/instrument/ETHUSDT',
  };
  await deliverPush(page, context, message);
  await expect
    .poll(() => shownNotifications(page), { timeout: NOTIFICATION_LISTED_MS })
    .toEqual([
      {
        title: message.title,
        body: message.body,
        icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
        badge: expect.stringMatching(/\/icons\/badge-96\.png$/),
        tag: 'alert-41',
        data: { url: '/instrument/ETHUSDT' },
      },
    ]);
  await tapNotification(context);
  await expect(page).toHaveURL(/\/instrument\/ETHUSDT$/);
  await expect(page.locator('.quote-symbol')).toHaveText('ETHUSDT');
});
