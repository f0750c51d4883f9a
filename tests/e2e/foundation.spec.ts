/**
 * The foundation seen by a user: the first page loads under the strict CSP, shows the platform's
 * configuration from 00000, switches language (Arabic right-to-left) and tells the truth when the
 * server cannot be reached.
 */
import { collectProblems } from './fixtures/page-problems.ts';
import { expect, test } from './fixtures/test.ts';

test('the first page shows the configured coins with no script or CSP errors', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meridian');
  // Simplified Chinese is the default language.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const coins = page.locator('.coin-symbol');
  await expect(coins).toHaveText(['USDT', 'BTC', 'ETH', 'TRX', 'BNB']);
  await expect(page.locator('.coin-list')).toContainText('TRON (TRC20)');
  expect(problems).toEqual([]);
});

test('choosing a language re-renders at once; Arabic is right-to-left; server messages follow', async ({
  page,
}) => {
  await page.goto('/home');
  await page.locator('.language-picker select').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Supported coins' })).toBeVisible();

  // The server learns the language with E0001 right after the screen switches: wait for the
  // answer to Arabic's (English's may still be on its way; the client sends them one at a time).
  const told = page.waitForResponse(
    (r) => r.url().endsWith('/adc/html/eto/E0001.do') && r.request().postData()?.includes('lang=ar') === true,
  );
  await page.locator('.language-picker select').selectOption('ar');
  await told;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/[\u0600-\u06ff]/);

  // E0001 stored the language: the server now answers errors in Arabic.
  const answer = await page.evaluate(async () => {
    const response = await fetch('/adc/html/eto/99999.do', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    return (await response.json()) as { respCode: string; respMsg: string };
  });
  expect(answer.respCode).toBe('E1001');
  expect(answer.respMsg).toMatch(/[\u0600-\u06ff]/);
});

test('when the server cannot be reached the page says so and retries on request', async ({ page }) => {
  await page.route('**/adc/html/eto/00000.do', (route) => route.abort('internetdisconnected'));
  // A path the server renders no screen for: the plain shell, whose start asks for the
  // configuration (a rendered page brings it).
  await page.goto('/no/such/page');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('服务请求失败');
  await page.unroute('**/adc/html/eto/00000.do');
  await alert.getByRole('button').click();
  await expect(page.locator('.coin-symbol').first()).toHaveText('USDT');
});

test('the document is served with the strict security headers', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['cache-control']).toBe('no-cache');
});
