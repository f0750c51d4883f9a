/**
 * Flash exchange as a user meets it: a currency must be chosen, the limits are checked before
 * anything is sent, the live quote counts down and shows what arrives, Max fills the largest
 * amount, the direction swaps, and a swap appears in the records with the balances moved; in
 * English and Arabic.
 */
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { admin, credit } from './fixtures/admin.ts';
import { collectProblems } from './fixtures/page-problems.ts';
import { signInFunded } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { screenshot } from './screenshot.ts';

const number = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

for (const [lang, bundle] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`swap USDT for BTC and back, then see the records (${lang})`, async ({ page }) => {
    const problems = collectProblems(page);
    await signInFunded(page, lang, '500');

    await page.goto('/flashExchange');
    const form = page.locator('.exchange-form');
    await expect(form.locator('select[name="from"]')).toHaveValue('USDT');
    await expect(form.locator('.exchange-leg-head').first()).toContainText('500');

    // SPEC section 5: a currency must be selected; below the minimum; above the balance.
    await form.locator('input[name="amount"]').fill('100');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.form-error')).toHaveText(bundle.exchange.currencyRequired);
    // The empty "To" picker reads whole: as wide as its text.
    const to = form.locator('select[name="to"]');
    expect(await to.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await screenshot(page, `flash-exchange-empty-${lang}`);
    await form.locator('select[name="to"]').selectOption('BTC');
    await form.locator('input[name="amount"]').fill('5');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.form-error')).toHaveText(bundle.messages.exchange_below_minimum);
    await form.locator('input[name="amount"]').fill('60000');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.form-error')).toHaveText(bundle.messages.exchange_maximum_exceeded);
    await form.locator('input[name="amount"]').fill('600');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.form-error')).toHaveText(bundle.messages.insufficient_available_balance);

    // The live quote: price, fee and what arrives for this amount, with a countdown.
    await form.locator('input[name="amount"]').fill('250');
    await expect(form.locator('.exchange-receive')).toHaveText(/^0\.00\d+$/);
    await expect(form.locator('.exchange-price')).toHaveText(/^1 BTC ≈ [\d,]+\.?\d* USDT$/);
    // The countdown runs (and a new quote replaces the old one when it reaches zero).
    const timer = form.locator('.quote-timer');
    await expect(timer).toContainText(/\d+/);
    await expect
      .poll(
        async () => {
          const text = (await timer.textContent()) ?? '';
          return /\d/.test(text) ? number(text) : 99;
        },
        { timeout: 5000 },
      )
      .toBeLessThan(9);
    const received = await form.locator('.exchange-receive').textContent();
    await screenshot(page, `flash-exchange-${lang}`);

    // Nothing moves on the first tap: the sheet shows what is paid, what arrives, price and fee.
    await form.locator('button[type="submit"]').click();
    const sheet = page.locator('.sheet');
    await expect(sheet).toContainText(bundle.exchange.confirmTitle);
    await expect(sheet).toContainText('250 USDT');
    await expect(sheet).toContainText(/0\.00\d+ BTC/);
    await screenshot(page, `flash-exchange-confirm-${lang}`);
    await sheet.locator('.sheet-confirm').click();
    await expect(sheet).toHaveCount(0);
    await expect(form.locator('input[name="amount"]')).toHaveValue('');
    await expect(form.locator('.exchange-leg-head').first()).toContainText('250');

    // Swap the direction and sell everything back with Max.
    await form.locator('.swap-button').click();
    await expect(form.locator('select[name="from"]')).toHaveValue('BTC');
    await expect(form.locator('select[name="to"]')).toHaveValue('USDT');
    await form.locator('.exchange-leg .link-button').click();
    await expect(form.locator('input[name="amount"]')).toHaveValue(received ?? '');
    await expect(form.locator('.exchange-receive')).toHaveText(/^2\d\d\.\d+$/);
    await form.locator('button[type="submit"]').click();
    await sheet.locator('.sheet-confirm').click();
    await expect(form.locator('input[name="amount"]')).toHaveValue('');
    await expect(form.locator('.exchange-leg-head').first()).toContainText(/\b0\b/);

    await page.goto('/flashRedemptionRecord');
    const rows = page.locator('.exchange-records li');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('BTC → USDT');
    await expect(rows.nth(1)).toContainText('USDT → BTC');
    await expect(rows.nth(1)).toContainText('-250 USDT');
    // Spread and fee cost a little each way: less than 1.5 % of 250 USDT on the round trip.
    const back = number(await rows.nth(0).locator('.amount.up').textContent());
    expect(back).toBeGreaterThan(246);
    expect(back).toBeLessThan(250);
    await screenshot(page, `flash-redemption-record-${lang}`);

    expect(JSON.parse(admin('audit'))).toMatchObject({ ok: true });
    expect(problems).toEqual([]);
  });
}

test('assets count every coin at the bid of its USDT market, and say so', async ({ page }) => {
  const address = await signInFunded(page, 'en', '100');
  await page.goto('/assets');
  const summary = page.locator('.summary');
  await expect(summary.locator('.big-number')).toHaveText('100.00');
  await expect(summary).not.toContainText(en.assets.valuedAtBid);

  credit(address, '0.01', { coin: 'BTC', chain: 'BTC' });
  await page.reload();
  await expect(summary).toContainText(en.assets.valuedAtBid);
  await expect(summary).not.toContainText(en.assets.unpriced.split(':')[0] ?? 'Not included');
  // 100 USDT and 0.01 BTC at the demo market's bid (tens of thousands of USDT per BTC).
  await expect
    .poll(async () => number(await summary.locator('.big-number').textContent()))
    .toBeGreaterThan(150);
  await screenshot(page, 'assets-valued-en');
});
