/**
 * Home, ecology and contact tell the truth, in English, Arabic and Chinese: home's quick entries
 * lead to every feature and none is "Not open yet", the "up to" label is the server's computed
 * figure, every ecology entry shows a live figure from the server, and contact shows the
 * operator's channels as links where they lead somewhere. Screenshots of each.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import type { GlobalConfig } from '../../protocol/config.ts';
import { FIRST_ANSWERS_ELEMENT, parseFirstAnswers } from '../../protocol/first-screen.ts';
import type { Answer } from '../helpers/app.ts';
import { admin } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

const BUNDLES = { en, ar, 'zh-CN': zhCN } as const;

/**
 * The configurations the page received from the server (with the page, or from 00000), latest last. The mining yields in the
 * "up to" figure follow live prices (the server recomputes them every 5 s), so the label is held to
 * the figure the page itself was sent, not to a later read of the test's own.
 */
function receivedConfigs(page: Page): GlobalConfig[] {
  const seen: GlobalConfig[] = [];
  page.on('response', async (response) => {
    // A first visit's page brings its configuration (server/http/first-screen.ts).
    if (response.request().resourceType() === 'document') {
      const block = FIRST_ANSWERS_ELEMENT.exec(await response.text())?.[1];
      const config = parseFirstAnswers(block).find((answer) => answer.code === '00000');
      if (config) seen.push(config.data as GlobalConfig);
      return;
    }
    if (!response.url().endsWith('/adc/html/eto/00000.do')) return;
    const body: Answer<'00000'> | null = await response.json().catch(() => null);
    if (body?.data) seen.push(body.data);
  });
  return seen;
}

test('home, ecology and contact in English, Arabic and Chinese', async ({ page }) => {
  test.setTimeout(60_000);
  const problems = collectProblems(page);
  const configs = receivedConfigs(page);
  admin('config', 'contact', 'telegram', '@meridian_e2e_desk');
  admin('config', 'contact', 'hours', 'Mon–Fri 09:00–17:00 UTC');
  try {
    for (const lang of ['en', 'ar', 'zh-CN'] as const) {
      const bundle = BUNDLES[lang];
      await page.goto('/home');
      await page.locator('.language-picker select').selectOption(lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The label shows the server's computed figure from the latest configuration it was sent.
      await expect
        .poll(async () => {
          const top = configs.at(-1)?.topYield;
          const label = await page.locator('.yield-value').textContent();
          return top ? label === bundle.home.topYield.replace('{{percent}}', top.percent) : 'no figure sent';
        })
        .toBe(true);
      const tiles = page.locator('.quick-entry');
      await expect(tiles).toHaveCount(11);
      await expect(tiles.locator('.badge')).toHaveCount(0);
      await expect(page.locator('.ticker')).toBeVisible();
      await screenshot(page, `home-visitor-${lang}`);
      await tiles
        .locator('[data-feature]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.locator('.quick-entry[data-feature="referral"]').click();
      await expect(page).toHaveURL(/\/home$/); // referral needs a wallet: the guard keeps the visitor home

      await page.goto('/ecology');
      const figures = page.locator('.entry-figure');
      await expect(figures).toHaveCount(7);
      for (const figure of await figures.all()) await expect(figure).toHaveText(/\S/);
      await expect(page.locator('.entry .badge')).toHaveCount(0);
      await expect(page.locator('[data-feature="referral"] .entry-figure')).toContainText('20');
      await expect(page.locator('[data-feature="trading"] .entry-figure')).toContainText('BTCUSDT');
      await screenshot(page, `ecology-${lang}`);

      await page.goto('/contact');
      await expect(page.locator('.contact-list a[href="https://t.me/meridian_e2e_desk"]')).toBeVisible();
      await expect(page.locator('.contact-list')).toContainText(bundle.contactChannels.hours);
      await expect(page.locator('.contact-list')).toContainText('Mon–Fri 09:00–17:00 UTC');
      await screenshot(page, `contact-${lang}`);
    }
  } finally {
    admin('config', 'contact', 'telegram');
    admin('config', 'contact', 'hours');
  }
  expect(problems).toEqual([]);
});
