/**
 * The app shell and wallet login as a user meets them, in Debian's Chromium at 412x823 with an
 * injected EIP-1193 test wallet that signs with a real private key and announces itself by
 * EIP-6963.
 */
import { generatePrivateKey } from 'viem/accounts';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import { admin } from './fixtures/admin.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { waitForStoredSession } from './fixtures/stored-map.ts';
import { expect, type Page, type Request, test } from './fixtures/test.ts';
import { installTestWallet, switchAccount, TEST_WALLETS, walletRequests } from './fixtures/test-wallet.ts';
import { screenshot } from './screenshot.ts';

/** Fails the test on any request to a host other than the app's own (no RPC, fonts, analytics). */
async function ownOriginOnly(page: Page, baseURL: string): Promise<string[]> {
  const foreign: string[] = [];
  const own = new URL(baseURL).origin;
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === own || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    foreign.push(url.href);
    return route.abort('blockedbyclient');
  });
  return foreign;
}

async function signIn(page: Page): Promise<Request> {
  const login = page.waitForRequest((r) => r.url().endsWith('/adc/html/eto/10002.do'));
  await page.locator('.connect-button').click();
  const request = await login;
  await expect(page.locator('.hero .address-chip')).toBeVisible();
  await waitForStoredSession(page);
  return request;
}

/** Home has drawn what it loads (the label, the latest announcement, the ticker): a picture to show. */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator('.yield-value')).toBeVisible();
  await expect(page.locator('.latest-news-link')).toBeVisible();
  await expect(page.locator('.placeholder, .skeleton, [aria-busy="true"]')).toHaveCount(0);
}

test.describe('wallet login', () => {
  test('connect and sign in, talking to no host but the app', async ({ page, baseURL }) => {
    const foreign = await ownOriginOnly(page, baseURL ?? '');
    await installTestWallet(page, { privateKey: TEST_WALLETS.first.privateKey });
    await page.goto('/home');
    await signIn(page);
    await expect(page.locator('.toaster')).toContainText(zhCN.wallet.signedIn);
    const methods = walletRequests(page).map((r) => r.method);
    expect(methods).toContain('personal_sign');
    // No token approval is ever asked of the wallet.
    expect(methods.filter((m) => /approve|eth_sendTransaction|eth_signTypedData/i.test(m))).toEqual([]);
    const signed = walletRequests(page).find((r) => r.method === 'personal_sign');
    expect(signed?.message).toContain('\n\nDAPP\n\n');

    await page.locator('.footer-tab').nth(4).click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.locator('.profile .address-chip')).toContainText('0xf39F');
    await expect(page.locator('.profile .address-chip')).toContainText('2266');
    expect(foreign).toEqual([]);
  });

  test('a reload keeps the session; the server still knows the user', async ({ page }) => {
    await installTestWallet(page, { privateKey: TEST_WALLETS.first.privateKey });
    await page.goto('/home');
    await signIn(page);
    await page.goto('/my');
    await page.reload();
    await expect(page.locator('.profile .address-chip')).toBeVisible();
    const me = await page.evaluate(async () => {
      const r = await fetch('/adc/html/eto/10008.do', {
        method: 'POST',
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
      });
      return (await r.json()) as { respCode: string; data: { address: string } };
    });
    expect(me).toMatchObject({ respCode: '00000', data: { address: TEST_WALLETS.first.address } });
  });

  test('switching account in the wallet signs the user out at once', async ({ page }) => {
    await installTestWallet(page, { privateKey: TEST_WALLETS.first.privateKey });
    await page.goto('/home');
    await signIn(page);
    await page.goto('/my');
    await expect(page.locator('.profile')).toBeVisible();
    await switchAccount(page, TEST_WALLETS.second.privateKey);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('.connect-button')).toBeVisible();
    await expect(page.locator('.toaster')).toContainText(zhCN.messages.wallet_account_switched);
  });

  test('a wallet route without login goes home with the toast and keeps ?code=', async ({ page }) => {
    await page.goto('/assets?code=AB12CD34');
    await expect(page).toHaveURL(/\/home\?code=AB12CD34$/);
    await expect(page.locator('.toaster')).toContainText(zhCN.messages.connect_wallet_first);
  });

  test('the signed login message cannot be replayed', async ({ page }) => {
    await installTestWallet(page, { privateKey: TEST_WALLETS.first.privateKey });
    await page.goto('/home');
    const login = await signIn(page);
    const body = new URLSearchParams(login.postData() ?? '');
    body.set('requestId', crypto.randomUUID());
    const replay = await page.evaluate(async (form) => {
      const r = await fetch('/adc/html/eto/10002.do', {
        method: 'POST',
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form,
      });
      return (await r.json()) as { respCode: string };
    }, body.toString());
    expect(replay.respCode).toBe('E3002');
  });

  test('with no wallet at all, connect offers where to get one instead of a dead end', async ({ page }) => {
    await page.goto('/home');
    await page.locator('.connect-button').click();
    await expect(page.getByRole('dialog')).toContainText(zhCN.wallet.noWalletTitle, { timeout: 8000 });
    await page.getByRole('button', { name: zhCN.wallet.notNow }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.connect-button')).toBeEnabled();
  });
});

test.describe('shell and languages', () => {
  test('/ and unknown paths go home; the footer marks the active tab', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('.footer-tab.active')).toHaveCount(1);
    await page.locator('.footer-tab').nth(3).click();
    await expect(page).toHaveURL(/\/ecology$/);
    await expect(page.locator('.footer-tab').nth(3)).toHaveClass(/active/);
    await page.locator('.footer-tab').nth(2).click();
    await expect(page).toHaveURL(/\/ido\/aboutStart$/);
    await expect(page.locator('.tab.active')).toHaveText(zhCN.routes.idoAboutStart);
  });

  test('a screen whose feature the operator switched off shows its title, a back button and "Not open yet"', async ({
    page,
  }) => {
    admin('config', 'feature', 'off', 'referral');
    try {
      await signInAs(page, generatePrivateKey(), 'en');
      await page.goto('/share');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.routes.share);
      await expect(page.locator('.not-open')).toContainText(en.messages.not_open_yet);
      await expect(page.locator('.invite-card')).toHaveCount(0);
      await page.locator('.back-button').click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator('.quick-entry[data-feature="referral"] .badge')).toHaveText(
        en.app.notOpenYet,
      );
    } finally {
      admin('config', 'feature', 'on', 'referral');
    }
  });

  test('a feature switched off after the last visit closes its screen when the fresh configuration arrives', async ({
    page,
  }) => {
    await signInAs(page, generatePrivateKey(), 'en');
    await page.goto('/share');
    await expect(page.locator('.invite-card')).toBeVisible();
    admin('config', 'feature', 'off', 'referral');
    try {
      // The stored configuration still says on: the first render opens the screen, the fresh
      // configuration closes it.
      await page.reload();
      await expect(page.locator('.not-open')).toContainText(en.messages.not_open_yet);
      await expect(page.locator('.invite-card')).toHaveCount(0);
    } finally {
      admin('config', 'feature', 'on', 'referral');
    }
  });

  test('Arabic mirrors the layout; every language renders at once; screenshots', async ({ page }) => {
    await installTestWallet(page, { privateKey: TEST_WALLETS.first.privateKey });
    await page.goto('/home');
    await loaded(page);
    await screenshot(page, 'home-zh-CN');
    await signIn(page);
    await page.goto('/my');
    await screenshot(page, 'my-zh-CN');

    await page.locator('.setting-row select').selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.routes.my);
    await screenshot(page, 'my-en');
    await page.locator('.footer-tab').first().click();
    await loaded(page);
    await screenshot(page, 'home-en');

    await page.locator('.language-picker select').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.hero h2')).toHaveText(ar.home.headline);
    // Right to left: the first tab (home) sits at the right edge, the last (my) at the left.
    const home = await page.locator('.footer-tab').first().boundingBox();
    const my = await page.locator('.footer-tab').last().boundingBox();
    expect(home && my && home.x > my.x).toBe(true);
    await loaded(page);
    await screenshot(page, 'home-ar');
    await page.locator('.footer-tab').last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.routes.my);
    await screenshot(page, 'my-ar');
    // The choice is remembered across a reload (the persisted store).
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });
});
