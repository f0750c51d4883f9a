/**
 * The switches of issue #37 as a user meets them: with price alerts switched off the instrument's
 * screen shows no alerts card and /alerts says the feature is not open; with the proof of solvency
 * switched off /solvency says so. Both come back when switched on again.
 */
import en from '../../locales/en.json' with { type: 'json' };
import { admin } from './fixtures/admin.ts';
import { signInFunded } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

test('alerts switched off leave the instrument without its alerts card, and /alerts closed', async ({
  page,
}) => {
  await signInFunded(page, 'en', '10');
  await page.goto('/instrument/BTCUSDT');
  await expect(page.locator('.alerts-card')).toBeVisible();
  admin('config', 'feature', 'off', 'alerts');
  try {
    await page.reload();
    await expect(page.locator('.quote-card')).toBeVisible();
    await expect(page.locator('.alerts-card')).toHaveCount(0);
    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.routes.alerts);
    await expect(page.locator('.not-open')).toContainText(en.messages.not_open_yet);
  } finally {
    admin('config', 'feature', 'on', 'alerts');
  }
  await page.goto('/instrument/BTCUSDT');
  await expect(page.locator('.alerts-card')).toBeVisible();
});

test('the proof of solvency switched off says it is not open, and opens again', async ({ page }) => {
  await signInFunded(page, 'en', '1');
  admin('config', 'feature', 'off', 'solvency');
  try {
    await page.goto('/solvency');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.routes.solvency);
    await expect(page.locator('.not-open')).toContainText(en.messages.not_open_yet);
  } finally {
    admin('config', 'feature', 'on', 'solvency');
  }
  await page.reload();
  await expect(page.locator('.not-open')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.routes.solvency);
});
