/**
 * Deposits and withdrawals as a user meets them: personal deposit addresses with QR codes, a
 * deposit credited by the operator, a bad address refused by the address book, a good one saved
 * (the operator's cooling-off off here: tests/e2e/withdraw-address-book.spec.ts waits it out), a
 * withdrawal to it shown with its terms, refused by the wallet, signed by it (EIP-712), accepted and followed through review and
 * completion; in English and Arabic.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { admin, credit } from './fixtures/admin.ts';
import { signInAs } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { setWalletRejections, TEST_WALLETS, walletRequests } from './fixtures/test-wallet.ts';
import { screenshot } from './screenshot.ts';

const TRON_TO = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

for (const [lang, bundle, key] of [
  ['en', en, TEST_WALLETS.first.privateKey],
  ['ar', ar, TEST_WALLETS.second.privateKey],
] as const) {
  test(`deposit and withdraw end to end (${lang})`, async ({ page }) => {
    await signInAs(page, key, lang);
    const address = lang === 'en' ? TEST_WALLETS.first.address : TEST_WALLETS.second.address;

    await page.goto('/recharge');
    const tron = page.locator('.deposit-card').first();
    await expect(tron.locator('.deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await expect(tron.locator('svg.qr')).toBeVisible();
    await expect(page.locator('.deposit-card')).toHaveCount(4);
    // The demo's keys are public: the screen says so before any address.
    await expect(page.locator('.warning-notice')).toContainText(bundle.deposit.demoKeysTitle);
    await screenshot(page, `recharge-${lang}`);

    const txid = `e2e${lang}${Date.now()}`;
    expect(JSON.parse(credit(address, '200', { txid }))).toMatchObject({ status: 'credited' });
    await page.goto('/assets');
    const usdtRow = page.locator('.balance-table tbody tr').first();
    await expect(usdtRow).toContainText('USDT');
    await expect(usdtRow.locator('td').first()).toHaveText(/200/);
    await screenshot(page, `assets-${lang}`);

    admin('config', 'address-delay', 'off');
    await page.goto('/withdrawAddressBook');
    await page.locator('select').selectOption('USDT TRC20');
    await page.locator('input[name="address"]').fill('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    await page.locator('input[name="label"]').fill('Cold');
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('.form-error')).toContainText('TRC20');
    await page.locator('input[name="address"]').fill(TRON_TO);
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('.address-book-entry')).toContainText(TRON_TO);

    await page.goto('/withdraw');
    await expect(page.locator('select[name="address"]')).toContainText('Cold');
    await page.locator('input[name="amount"]').fill('50');
    await page.locator('button[type="submit"]').click();
    // The terms the server fixed, shown before the wallet signs them.
    const sheet = page.locator('.sheet');
    await expect(sheet).toContainText(bundle.withdraw.confirmTitle);
    await expect(sheet).toContainText(TRON_TO);
    await expect(sheet).toContainText('50 USDT');
    await expect(sheet).toContainText('49 USDT');
    await screenshot(page, `withdraw-confirm-${lang}`);
    // The wallet refuses: nothing is sent, the form says why.
    setWalletRejections(page, { signature: true });
    await sheet.locator('.sheet-confirm').click();
    await expect(page.locator('.form-error')).toHaveText(bundle.messages.wallet_signature_failed);
    await expect(sheet).toHaveCount(0);
    setWalletRejections(page, { signature: false });
    await page.locator('button[type="submit"]').click();
    await sheet.locator('.sheet-confirm').click();
    await expect(page).toHaveURL(/\/withdrawalDetails\?id=\d+$/);
    // What the wallet signed: EIP-712 typed data over the destination, amount, fee and nonce.
    const typed = walletRequests(page).filter((r) => r.method === 'eth_signTypedData_v4');
    expect(typed).toHaveLength(2);
    expect(JSON.parse(String(typed[1]?.params[1]))).toMatchObject({
      primaryType: 'Withdrawal',
      domain: { name: 'Meridian' },
      message: { to: TRON_TO, coin: 'USDT', chain: 'TRC20', amount: '50', fee: '1' },
    });
    await expect(page.locator('.detail-head .status')).toHaveText(bundle.withdrawStatus.submitted);
    const id = new URL(page.url()).searchParams.get('id') ?? '';

    admin('withdrawals', 'review', id);
    admin('withdrawals', 'process', id, '--txid', `${txid}out`);
    admin('withdrawals', 'complete', id);
    await page.reload();
    await expect(page.locator('.detail-head .status')).toHaveText(bundle.withdrawStatus.successful);
    await expect(page.locator('.timeline li')).toHaveCount(4);
    // Every amount with its coin.
    await expect(page.locator('.card').first()).toContainText('1 USDT');
    await expect(page.locator('.card').first()).toContainText('49 USDT');
    await screenshot(page, `withdrawal-details-${lang}`);

    await page.goto('/assets');
    await expect(page.locator('.balance-table tbody tr').first().locator('td').first()).toHaveText(/150/);
    expect(JSON.parse(admin('audit'))).toMatchObject({ ok: true });
  });
}

test('deposit screen without a wallet explains and asks to connect', async ({ page }) => {
  await page.goto('/recharge');
  await expect(page.locator('.connect-button')).toBeVisible();
  await expect(page.locator('.deposit-card')).toHaveCount(0);
});
