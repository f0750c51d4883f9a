/**
 * A phone browser without a wallet (issue #40, 11): after the 3 s wait, "connect" offers links
 * that reopen this very page (its invite code kept) inside MetaMask's or Trust Wallet's browser,
 * in their documented formats; a computer is told where to get a browser wallet. English and Arabic.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { collectProblems } from './fixtures/page-problems.ts';
import { expect, newContext, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`a phone without a wallet: open this page in MetaMask or Trust Wallet (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await newContext(browser, {
      userAgent: ANDROID,
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto('/home?code=AB12CD34');
    await page.locator('.language-picker select').selectOption(lang);
    await page.locator('.connect-button').click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toContainText(bundle.wallet.noWalletTitle, { timeout: 8000 });
    const here = new URL('/home?code=AB12CD34', baseURL);
    await expect(sheet.getByRole('link', { name: bundle.wallet.openInMetaMask })).toHaveAttribute(
      'href',
      `https://link.metamask.io/dapp/${here.host}/home?code=AB12CD34`,
    );
    await expect(sheet.getByRole('link', { name: bundle.wallet.openInTrustWallet })).toHaveAttribute(
      'href',
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(here.href)}`,
    );
    await screenshot(page, `no-wallet-phone-${lang}`);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(page.locator('.connect-button')).toBeEnabled();
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('a computer without a wallet: where to get MetaMask or Trust Wallet', async ({ page }) => {
  await page.goto('/home');
  await page.locator('.language-picker select').selectOption('en');
  await page.locator('.connect-button').click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText(en.wallet.noWalletDesktop, { timeout: 8000 });
  await expect(sheet.getByRole('link', { name: en.wallet.getMetaMask })).toHaveAttribute(
    'href',
    'https://metamask.io/download/',
  );
  await expect(sheet.getByRole('link', { name: en.wallet.getTrustWallet })).toHaveAttribute(
    'href',
    'https://trustwallet.com/browser-extension',
  );
});
