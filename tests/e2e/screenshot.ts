import type { Page } from '@playwright/test';

/**
 * Screens are photographed on every run into test-results/screenshots for a person to look at;
 * `UPDATE_SCREENSHOTS=1` writes them into docs/screenshots, where the README and the issues
 * show them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots';
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
